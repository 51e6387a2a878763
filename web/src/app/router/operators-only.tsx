import type { ReactNode } from 'react';
import { PageHeader } from '@web/components/layout/page-header';
import { useAuth } from '@web/lib/auth/use-auth';

/**
 * An operators' page (shared/operators.ts) shows only to the deployment's operators; anyone else is told whose page
 * it is, and nothing of it is read (the API would refuse it with 403 anyway).
 */
export function OperatorsOnly({ children }: { children: ReactNode }) {
  const { currentUser } = useAuth();
  if (currentUser?.operator) return <>{children}</>;
  return (
    <div className="grid gap-4">
      <PageHeader
        title="For this deployment’s operators"
        description="This page shows where this copy of Adsmith sends its notifications. It is for the people who run it; ask them if you need something from it."
      />
    </div>
  );
}
