import { PlugZap } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** Return point of the Meta authorisation dialog; the connection flow itself arrives in a later release. */
export function MetaCallbackPage() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <Card className="flex flex-col items-center gap-4 p-8 text-center">
        <PlugZap aria-hidden="true" className="size-10 text-primary" />
        <h1 className="text-2xl font-semibold">Meta connection</h1>
        <p className="text-muted-foreground">
          Connecting a Meta ad account is not available yet. Nothing was connected and no data was stored.
        </p>
        <Link to="/dashboard" className={buttonVariants()}>
          Back to dashboard
        </Link>
      </Card>
    </div>
  );
}
