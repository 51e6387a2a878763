import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { CurrentFit } from './current-fit';
import { DatasetUpload } from './dataset-upload';
import { FitForm } from './fit-form';
import { SavedDatasets } from './saved-datasets';
import { SavedModels } from './saved-models';

/** /marketing-mix: data in, a fit with progress, its charts, and the saved models. */
export function MarketingMixPage() {
  const [datasetId, setDatasetId] = useState('');
  const [fitId, setFitId] = useState<string | null>(null);
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>1. Your data</CardTitle>
          <CardDescription>
            Every row is checked (dates, gaps, negative or missing numbers) before anything is saved.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <div className="grid gap-6">
            <DatasetUpload onSaved={(d) => setDatasetId(d.id)} />
            <SavedDatasets />
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>2. Fit a model</CardTitle>
          <CardDescription>
            The fit runs on our servers; you can leave this page and find it under saved models.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <FitForm datasetId={datasetId} onDatasetChange={setDatasetId} onStarted={setFitId} />
          {fitId ? <CurrentFit id={fitId} /> : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Saved models</CardTitle>
        </CardHeader>
        <CardContent>
          <SavedModels />
        </CardContent>
      </Card>
    </div>
  );
}
