import { TeamPage } from '../../features/team/components/team-page';

export default function SettingsTeamRoute() {
  return <TeamPage />;
}
