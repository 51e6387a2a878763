import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientWorkspaces, Team } from '@shared/schemas/team';
import type { InvitedRole } from '@shared/workspace-roles';
import { apiRequest } from '@web/lib/api';
import { teamKey } from '@web/lib/team/workspace-role';
import { useRememberWorkspace, workspacesKey } from '@web/lib/workspace/use-workspaces';

/** GET /api/team: the workspace the signed-in person works in, its members, pending invitations and seats. */
export function useTeam() {
  return useQuery({ queryKey: teamKey, queryFn: () => apiRequest('getTeam') });
}

/** A change of team: the answer is the team as it is now. */
function useTeamChange<V>(mutationFn: (variables: V) => Promise<Team>, component: string, workspaceMoves = false) {
  const queryClient = useQueryClient();
  const remember = useRememberWorkspace();
  return useMutation({
    mutationFn,
    meta: { component },
    onSuccess: async (team) => {
      queryClient.setQueryData(teamKey, team);
      // The workspace they moved to (joined, or their own after leaving) is their choice now; its owner is listed first.
      const workspaceId = team.members[0]?.userId;
      if (workspaceMoves && workspaceId) remember(workspaceId);
      // Joining or leaving moves the person to another workspace: everything cached belongs to the old one.
      if (workspaceMoves) await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== teamKey[0] });
      else await queryClient.invalidateQueries({ queryKey: ['billing'] });
    },
  });
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, role }: { email: string; role: InvitedRole }) =>
      apiRequest('inviteTeammate', { body: { email, role } }),
    meta: { component: 'Team.invite' },
    onSuccess: async (created) => {
      queryClient.setQueryData(teamKey, created.team);
      await queryClient.invalidateQueries({ queryKey: ['billing'] });
    },
  });
}

export const useRevokeInvitation = () =>
  useTeamChange((id: string) => apiRequest('revokeInvitation', { params: { id } }), 'Team.revoke');

export const useRemoveMember = () =>
  useTeamChange((userId: string) => apiRequest('removeTeammate', { params: { userId } }), 'Team.remove');

export const useLeaveTeam = () => useTeamChange(() => apiRequest('leaveTeam'), 'Team.leave', true);

export const useAcceptInvitation = () =>
  useTeamChange((token: string) => apiRequest('acceptInvitation', { body: { token } }), 'Team.accept', true);

/** POST /api/workspaces: an agency creates a client workspace; the switcher lists it from then on. */
export function useCreateClientWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest('createClientWorkspace', { body: { name } }),
    meta: { component: 'Team.createClientWorkspace' },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: workspacesKey });
    },
  });
}

const approvalSettingsKey = ['approvals', 'settings'] as const;

/** The workspace's "require approval before publishing" (issue 28, req 3). */
export function useApprovalSettings() {
  return useQuery({
    queryKey: approvalSettingsKey,
    queryFn: ({ signal }) => apiRequest('approvalsSettings', { signal }),
  });
}

export function useSaveApprovalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requireApproval: boolean) => apiRequest('approvalsSaveSettings', { body: { requireApproval } }),
    onSuccess: (saved) => queryClient.setQueryData(approvalSettingsKey, saved),
  });
}

const onboardingLinksKey = ['team', 'onboarding-links'] as const;

/** The client workspace's onboarding links (issue 28, req 5): when made, by whom, used or expired. */
export function useOnboardingLinks() {
  return useQuery({
    queryKey: onboardingLinksKey,
    queryFn: ({ signal }) => apiRequest('metaOnboardingList', { signal }),
  });
}

/** Makes a link; its token is in this answer only (the server keeps its hash). */
export function useCreateOnboardingLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agencyName: string) => apiRequest('metaOnboardingCreate', { body: agencyName ? { agencyName } : {} }),
    meta: { component: 'Team.createOnboardingLink' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingLinksKey }),
  });
}

const clientWorkspacesKey = ['team', 'client-workspaces'] as const;

/** GET /api/workspaces/clients: the workspaces this agency's plan pays for, and those the person could attach. */
export function useClientWorkspaces() {
  return useQuery({
    queryKey: clientWorkspacesKey,
    queryFn: ({ signal }) => apiRequest('listClientWorkspaces', { signal }),
  });
}

/** Attaching or detaching changes the pool's usage and what the switcher's workspaces are on. */
function useClientWorkspaceChange<V>(mutationFn: (variables: V) => Promise<ClientWorkspaces>, component: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { component },
    onSuccess: async (answer) => {
      queryClient.setQueryData(clientWorkspacesKey, answer);
      await queryClient.invalidateQueries({ queryKey: ['billing'] });
    },
  });
}

export const useAttachClientWorkspace = () =>
  useClientWorkspaceChange(
    (workspaceId: string) => apiRequest('attachClientWorkspace', { body: { workspaceId } }),
    'Team.attachClientWorkspace',
  );

export const useDetachClientWorkspace = () =>
  useClientWorkspaceChange(
    (workspaceId: string) => apiRequest('detachClientWorkspace', { params: { workspaceId } }),
    'Team.detachClientWorkspace',
  );

/**
 * A client workspace's owner takes it off the agency's plan: its team (plan, seats) and everything billing shows
 * change, so both are read again.
 */
export function useLeaveAgencyPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('leaveAgencyPlan'),
    meta: { component: 'Team.leaveAgencyPlan' },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKey }),
        queryClient.invalidateQueries({ queryKey: ['billing'] }),
      ]);
    },
  });
}
