import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

/** The kill switch: one checkbox that stops every rule at once. */
export function KillSwitchCard({
  killed,
  disabled,
  onChange,
}: {
  killed: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Kill switch</CardTitle>
        <CardDescription>
          Stops every rule at once: nothing reaches Meta, and each rule shows one &ldquo;stopped&rdquo; line in the
          history until you switch it off.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4"
            checked={killed}
            disabled={disabled}
            onChange={(e) => onChange(e.target.checked)}
          />
          Kill switch: stop all rules
        </label>
        {killed ? <Badge>All rules stopped</Badge> : null}
      </CardContent>
    </Card>
  );
}
