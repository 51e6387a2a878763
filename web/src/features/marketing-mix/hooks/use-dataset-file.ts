import { useState, type ChangeEvent } from 'react';
import { parseCsv, proposeMapping, type ColumnMapping } from '@shared/mmm/csv-import';
import { MAX_MMM_CSV_CHARS } from '@shared/schemas/mmm';

export interface LoadedFile {
  fileName: string;
  text: string;
  header: string[];
  rows: number;
}

/**
 * The CSV chosen, read in the browser: its header and row count, why it cannot be used, the proposed column
 * mapping (editable), and the dataset's name (the file's, until the person changes it).
 */
export function useDatasetFile(onNewFile: () => void) {
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    onNewFile();
    setFileError(null);
    setFile(null);
    setMapping(null);
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    if (chosen.size > MAX_MMM_CSV_CHARS) {
      setFileError(`This file is ${Math.round(chosen.size / 1000)} KB; at most ${MAX_MMM_CSV_CHARS / 1000} KB of CSV.`);
      return;
    }
    const text = await chosen.text();
    try {
      const parsed = parseCsv(text);
      if (parsed.header.length < 3) {
        setFileError('The file needs a header row with a date column, a KPI column and at least one spend column.');
        return;
      }
      setFile({ fileName: chosen.name, text, header: parsed.header, rows: parsed.rows.length });
      setMapping(proposeMapping(parsed.header));
      setName((current) => current || chosen.name.replace(/\.csv$/i, ''));
    } catch (error) {
      setFileError(`This is not a CSV file we can read: ${(error as Error).message}.`);
    }
  };

  return { file, fileError, name, setName, mapping, setMapping, onFile };
}
