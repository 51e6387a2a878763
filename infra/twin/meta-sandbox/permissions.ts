/**
 * Facebook Login permissions the consent dialog knows, with the wording shown
 * to the person granting them, and what the user has granted per app.
 */

export const PERMISSION_DESCRIPTIONS: Readonly<Record<string, string>> = {
  public_profile: 'Your name and profile picture',
  email: 'Your email address',
  ads_management: 'Create and manage ads and ad accounts you have access to',
  ads_read: 'Read the performance and insights of your ads',
  business_management: 'Manage your business and its assets',
  pages_read_engagement: 'Read content posted on your Pages and its engagement',
  pages_show_list: 'Show a list of the Pages you manage',
  pages_manage_ads: 'Manage ads connected to your Pages',
  read_insights: 'Read insights of your Pages and domains',
  leads_retrieval: 'Retrieve leads from your lead ads forms',
  catalog_management: 'Manage your product catalogues',
  instagram_basic: 'Access your Instagram profile and media',
  instagram_manage_insights: 'Read insights of your Instagram account',
};

/**
 * Facebook Login for Business sends `config_id` instead of `scope`; the sandbox
 * treats any configuration as Adsmith's, with the permissions the product asks for.
 */
export const LOGIN_CONFIGURATION_SCOPES = [
  'ads_management',
  'ads_read',
  'business_management',
  'pages_read_engagement',
];

export function isKnownPermission(name: string): boolean {
  return name in PERMISSION_DESCRIPTIONS;
}

/** Parses a `scope` value (comma- or space-separated), keeping order and dropping repeats. */
export function parseScope(raw: string | undefined): string[] {
  if (!raw) return [];
  return [
    ...new Set(
      raw
        .split(/[,\s]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

export type PermissionStatus = 'granted' | 'declined';

export class PermissionGrants {
  private readonly grants = new Map<string, Map<string, PermissionStatus>>();

  private key(appId: string, userId: string): string {
    return `${appId}:${userId}`;
  }

  grant(appId: string, userId: string, scopes: string[]): void {
    const current = this.grants.get(this.key(appId, userId)) ?? new Map<string, PermissionStatus>();
    for (const scope of ['public_profile', ...scopes]) current.set(scope, 'granted');
    this.grants.set(this.key(appId, userId), current);
  }

  decline(appId: string, userId: string, permission: string): void {
    this.grants.get(this.key(appId, userId))?.set(permission, 'declined');
  }

  /** A person unticked these in the dialog: recorded as declined even on a first login. */
  declineInDialog(appId: string, userId: string, permissions: string[]): void {
    const current = this.grants.get(this.key(appId, userId)) ?? new Map<string, PermissionStatus>();
    for (const permission of permissions) if (permission !== 'public_profile') current.set(permission, 'declined');
    this.grants.set(this.key(appId, userId), current);
  }

  status(appId: string, userId: string, permission: string): PermissionStatus | undefined {
    return this.grants.get(this.key(appId, userId))?.get(permission);
  }

  removeApp(appId: string, userId: string): void {
    this.grants.delete(this.key(appId, userId));
  }

  list(appId: string, userId: string): Array<{ permission: string; status: PermissionStatus }> {
    return [...(this.grants.get(this.key(appId, userId)) ?? new Map<string, PermissionStatus>())].map(
      ([permission, status]) => ({
        permission,
        status,
      }),
    );
  }

  clear(): void {
    this.grants.clear();
  }

  /** Each user's grants per app, for the state file. */
  snapshot(): Array<{ appId: string; userId: string; permissions: Array<[string, PermissionStatus]> }> {
    return [...this.grants].map(([key, permissions]) => {
      const [appId = '', userId = ''] = key.split(':');
      return { appId, userId, permissions: [...permissions] };
    });
  }

  /** Takes back what a previous run saved. */
  restore(saved: ReturnType<PermissionGrants['snapshot']>): void {
    this.grants.clear();
    for (const entry of saved) this.grants.set(this.key(entry.appId, entry.userId), new Map(entry.permissions));
  }
}
