import { PageHeader } from '../../components/layout/page-header';
import { CreativeReportScreen } from '../../features/creative-report/components/creative-report-screen';

export default function CreativeReportRoute() {
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6">
      <PageHeader
        eyebrow="Reports"
        title="Creative report"
        description="Which creative elements win across your ads — headline angle, call to action, format — ranked by cost per result and CTR, a winner named only when it is unlikely to be noise."
      />
      <CreativeReportScreen />
    </div>
  );
}
