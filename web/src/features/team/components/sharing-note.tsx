import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

/** What a teammate shares, said once, plainly, for owners and members alike. */
export function SharingNote() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>What a team shares</CardTitle>
        <CardDescription>
          Teammates work in the owner’s workspace, as the owner does. Each person keeps their own sign-in and profile.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <p className="font-medium">Shared with every member</p>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground">
            <li>
              The owner’s plan and its limits, counted once for the whole team (a member’s AI generation uses the team’s
              daily allowance)
            </li>
            <li>The Meta connection and its ad accounts, campaigns and results</li>
            <li>Campaign drafts, designs, marketing-mix models, automation rules and recommendations</li>
          </ul>
        </div>
        <div>
          <p className="font-medium">The owner’s alone</p>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground">
            <li>Plan and billing (upgrade, manage, cancel)</li>
            <li>Connecting or disconnecting Meta</li>
            <li>Inviting and removing teammates</li>
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
