/**
 * The custom audiences the sandbox's ad accounts hold, and whether each account accepted Meta's Custom Audience
 * terms. In memory only, like the pixels' events: a twin restart starts with none (the product reads an audience
 * it no longer finds as deleted). Sizes are derived, never stored: a customer list counts the people its uploads
 * matched, a website audience the pixel's visitors inside its retention, a lookalike a share of its country.
 */
export type AudienceSubtype = 'CUSTOM' | 'WEBSITE' | 'ENGAGEMENT' | 'LOOKALIKE';

export interface LookalikeSpec {
  /** `custom_ratio` when a ratio was sent, else the type sent (`similarity` 1 %, `reach` 5 %). */
  type: 'similarity' | 'reach' | 'custom_ratio';
  ratio: number;
  startingRatio: number;
  country: string;
  originId: string;
}

/** A multi-part upload (`session` on /users): Meta counts what each session received. */
export interface UploadSession {
  id: string;
  received: number;
  invalid: number;
  matched: number;
  lastBatchSeq: number;
  finished: boolean;
  startedAt: number;
  endedAt?: number;
}

export interface CustomAudience {
  id: string;
  accountId: string;
  name: string;
  description: string;
  subtype: AudienceSubtype;
  /** Unix seconds, as Meta's `time_created`, `time_updated`, `time_content_updated`. */
  timeCreated: number;
  timeUpdated: number;
  timeContentUpdated: number;
  customerFileSource?: string;
  retentionDays?: number;
  /** The rule as sent (a JSON string), read back parsed. */
  rule?: string;
  pixelId?: string;
  prefill?: boolean;
  lookalike?: LookalikeSpec;
  /** `FILE_IMPORTED.MULTI_HASHES` or `…HASHES_OR_USER_IDS`: fixed by the first upload. */
  uploadSource?: string;
  /** The people matched by the list's uploads: one key per person (the hash that matched). */
  members: Set<string>;
  /** Rows received over every upload, and those refused. */
  received: number;
  invalid: number;
  sessions: Map<string, UploadSession>;
}

export class CustomAudienceStore {
  readonly audiences = new Map<string, CustomAudience>();
  /** Accounts whose people accepted the Custom Audience terms (customer lists need them). */
  private readonly termsAccepted = new Set<string>();
  private next = 1;

  newId(): string {
    // Meta's audience ids are 17–18 digit numbers starting 238…; this sequence keeps them unique and stable.
    const id = `2385${String(1_000_000_000_000 + this.next).padStart(14, '0')}`;
    this.next += 1;
    return id;
  }

  acceptTerms(accountId: string): void {
    this.termsAccepted.add(accountId);
  }

  hasAcceptedTerms(accountId: string): boolean {
    return this.termsAccepted.has(accountId);
  }

  ofAccount(accountId: string): CustomAudience[] {
    return [...this.audiences.values()]
      .filter((audience) => audience.accountId === accountId)
      .sort((a, b) => b.timeCreated - a.timeCreated || b.id.localeCompare(a.id));
  }

  lookalikesOf(originId: string): CustomAudience[] {
    return [...this.audiences.values()].filter((audience) => audience.lookalike?.originId === originId);
  }
}
