import { JoinTeamPage } from '../../features/team/components/join-team-page';

export default function TeamJoinRoute() {
  return <JoinTeamPage />;
}
