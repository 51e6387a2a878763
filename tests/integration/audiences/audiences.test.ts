import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import type {
  Audience,
  AudienceList,
  CustomerListRefresh,
  CustomerListUpload,
  CustomerUploadAudit,
} from '@shared/schemas/audiences';
import { freshUser, type FreshUser } from '../meta-api/meta-user';
import { optimizerUsers, type OptimizerUsers } from '../optimizer/optimizer-setup';
import { twin } from '../twin-client';

/**
 * The Audiences function on the twin (issue 30): a customer list from the demo CSV, normalised and hashed in the
 * function and sent to the Meta sandbox in requests of at most 10,000 rows; Meta's terms refusal; a lookalike and a
 * website audience; deletion; and a member who needs the owner's permission to upload customer data.
 */
const DEMO_CSV = readFileSync(path.join(__dirname, '../../fixtures/customers/demo-customers.csv'), 'utf8');
const DEMO_MAPPING = {
  Email: 'em',
  Phone: 'ph',
  'First name': 'fn',
  'Last name': 'ln',
  City: 'ct',
  Country: 'country',
  'Customer ID': 'external_id',
};

let users: OptimizerUsers;

const base = (account: string) => `/api/audiences/ad-accounts/${account}`;
const post = (user: FreshUser, url: string, body: unknown) =>
  user.call(url, { method: 'POST', body: JSON.stringify(body) });

async function acceptTerms(list: AudienceList): Promise<void> {
  const reply = await fetch(list.customerListTerms.url, { method: 'POST' });
  expect(reply.status).toBe(200);
}

async function listOf(user: FreshUser, account: string): Promise<AudienceList> {
  const reply = await user.call(base(account));
  expect(reply.status).toBe(200);
  return (await reply.json()) as AudienceList;
}

beforeAll(async () => {
  users = await optimizerUsers('audiences');
}, 60_000);
afterAll(() => users.remove());

describe('customer lists', () => {
  it('are refused until Meta’s Custom Audience terms are accepted, with where to accept them', async () => {
    const before = await listOf(users.user, users.jpyAccount);
    expect(before.customerListTerms.accepted).toBe(false);
    const refused = await post(users.user, `${base(users.jpyAccount)}/customer-lists`, {
      name: 'Customers',
      csv: DEMO_CSV,
      mapping: DEMO_MAPPING,
    });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { error: { code: string; details: { termsUrl: string } } };
    expect(body.error.code).toBe('CUSTOM_AUDIENCE_TERMS');
    expect(body.error.details.termsUrl).toBe(before.customerListTerms.url);

    await acceptTerms(before);
    expect((await listOf(users.user, users.jpyAccount)).customerListTerms.accepted).toBe(true);
  });

  it('upload the demo list hashed, match a realistic share, and make a 1 % lookalike of it', async () => {
    await acceptTerms(await listOf(users.user, users.usdAccount));
    const reply = await post(users.user, `${base(users.usdAccount)}/customer-lists`, {
      name: 'Demo customers',
      csv: DEMO_CSV,
      mapping: DEMO_MAPPING,
    });
    expect(reply.status).toBe(201);
    const upload = (await reply.json()) as CustomerListUpload;
    expect(upload).toMatchObject({ rows: 2000, sent: 2000, invalid: 0, batches: 1 });
    expect(upload.audience).toMatchObject({ kind: 'customer-list', delivery: { code: 200 } });
    expect(upload.audience.sizeLower / 2000).toBeGreaterThanOrEqual(0.55);
    expect(upload.audience.sizeUpper / 2000).toBeLessThanOrEqual(0.72);

    const lookalike = await post(users.user, `${base(users.usdAccount)}/lookalikes`, {
      name: 'Like my customers (US, 1 %)',
      sourceId: upload.audience.id,
      country: 'US',
      percent: 1,
    });
    expect(lookalike.status).toBe(201);
    const made = ((await lookalike.json()) as { audience: Audience }).audience;
    expect(made).toMatchObject({
      kind: 'lookalike',
      lookalike: { country: 'US', percent: 1, sourceId: upload.audience.id },
    });

    const listed = await listOf(users.user, users.usdAccount);
    expect(listed.items.map((audience) => audience.id)).toEqual(expect.arrayContaining([made.id, upload.audience.id]));

    const deleted = await users.user.call(`${base(users.usdAccount)}/audiences/${made.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await listOf(users.user, users.usdAccount)).items.map((audience) => audience.id)).not.toContain(made.id);
  }, 60_000);

  it('go to Meta in requests of at most 10,000 rows, one session', async () => {
    const rows = Array.from({ length: 25_000 }, (_, index) => `shopper${index}@example.com`);
    const reply = await post(users.user, `${base(users.usdAccount)}/customer-lists`, {
      name: 'Newsletter',
      csv: `email\n${rows.join('\n')}\n`,
      mapping: { email: 'em' },
    });
    expect(reply.status).toBe(201);
    expect(await reply.json()).toMatchObject({ rows: 25_000, sent: 25_000, batches: 3 });
  }, 90_000);

  it('refresh by sending Meta only the people added and removed since the last upload', async () => {
    const emails = (from: number, to: number) =>
      `email\n${Array.from({ length: to - from }, (_, index) => `refresh${from + index}@example.com`).join('\n')}\n`;
    await acceptTerms(await listOf(users.user, users.usdAccount));
    const made = await post(users.user, `${base(users.usdAccount)}/customer-lists`, {
      name: 'Refresh by difference',
      csv: emails(0, 3_000),
      mapping: { email: 'em' },
    });
    expect(made.status).toBe(201);
    const upload = (await made.json()) as CustomerListUpload;

    const refreshed = await users.user.call(`${base(users.usdAccount)}/customer-lists/${upload.audience.id}`, {
      method: 'PUT',
      body: JSON.stringify({ csv: emails(500, 3_200), mapping: { email: 'em' } }),
    });
    const refresh = (await refreshed.json()) as CustomerListRefresh;
    expect({ status: refreshed.status, refresh }).toMatchObject({ status: 200 });
    expect(refresh).toMatchObject({
      rows: 2_700,
      added: 200,
      removed: 500,
      unchanged: 2_500,
      invalid: 0,
      batches: 2,
      comparedWithLastUpload: true,
    });
    // 3,000 → 2,700 people: Meta's range moved down with the removals.
    expect(refresh.audience.sizeUpper).toBeLessThan(upload.audience.sizeUpper);

    const again = await users.user.call(`${base(users.usdAccount)}/customer-lists/${upload.audience.id}`, {
      method: 'PUT',
      body: JSON.stringify({ csv: emails(500, 3_200), mapping: { email: 'em' } }),
    });
    expect(await again.json()).toMatchObject({ added: 0, removed: 0, unchanged: 2_700, batches: 0 });
  }, 60_000);

  it('refuse to refresh an audience of another ad account, or one that is not a customer list', async () => {
    await acceptTerms(await listOf(users.user, users.usdAccount));
    const made = await post(users.user, `${base(users.usdAccount)}/customer-lists`, {
      name: 'Not refreshed elsewhere',
      csv: 'email\nsomeone@example.com\n',
      mapping: { email: 'em' },
    });
    const customerList = ((await made.json()) as CustomerListUpload).audience;
    const elsewhere = await users.user.call(`${base(users.jpyAccount)}/customer-lists/${customerList.id}`, {
      method: 'PUT',
      body: JSON.stringify({ csv: 'email\nx@example.com\n', mapping: { email: 'em' } }),
    });
    expect(elsewhere.status).toBe(404);
    const website = await post(users.user, `${base(users.usdAccount)}/website`, {
      name: 'Visitors, 7 days',
      event: 'any',
      retentionDays: 7,
    });
    const { audience } = (await website.json()) as { audience: Audience };
    const refused = await users.user.call(`${base(users.usdAccount)}/customer-lists/${audience.id}`, {
      method: 'PUT',
      body: JSON.stringify({ csv: 'email\nx@example.com\n', mapping: { email: 'em' } }),
    });
    expect({ status: refused.status, body: await refused.json() }).toMatchObject({ status: 400 });
  }, 60_000);

  it('name a column the file lacks, and make nothing', async () => {
    const before = (await listOf(users.user, users.usdAccount)).items.length;
    const reply = await post(users.user, `${base(users.usdAccount)}/customer-lists`, {
      name: 'Wrong mapping',
      csv: DEMO_CSV,
      mapping: { 'E-mail address': 'em' },
    });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(await reply.json())).toContain('The file has no column named “E-mail address”.');
    expect((await listOf(users.user, users.usdAccount)).items.length).toBe(before);
  });
});

describe('website audiences', () => {
  it('count the pixel’s visitors who added to cart in the last 30 days', async () => {
    const reply = await post(users.user, `${base(users.usdAccount)}/website`, {
      name: 'Cart, 30 days',
      event: 'AddToCart',
      retentionDays: 30,
    });
    expect(reply.status).toBe(201);
    const { audience } = (await reply.json()) as { audience: Audience };
    expect(audience).toMatchObject({ kind: 'website', retentionDays: 30 });
    expect(audience.sizeUpper).toBeGreaterThan(0);
  });
});

describe('a member', () => {
  let member: FreshUser;
  let memberSub: string;
  const doc = () =>
    DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: twin().dynamodb,
        region: twin().cognito.region,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );

  beforeAll(async () => {
    member = await freshUser('audiences-member');
    memberSub = JSON.parse(Buffer.from(member.token.split('.')[1]!, 'base64url').toString()).sub as string;
    await doc().send(
      new PutCommand({
        TableName: localTableName('workspaceMemberships'),
        Item: {
          user_id: memberSub,
          workspace_id: users.userSub,
          role: 'member',
          email: member.email,
          owner_email: users.user.email,
          joined_at: new Date().toISOString(),
        },
      }),
    );
  });
  afterAll(async () => {
    await doc().send(
      new DeleteCommand({
        TableName: localTableName('workspaceMemberships'),
        Key: { user_id: memberSub, workspace_id: users.userSub },
      }),
    );
    await member.remove();
  });

  it('needs the owner’s permission to upload customer data', async () => {
    const upload = () =>
      post(member, `${base(users.usdAccount)}/customer-lists`, {
        name: 'By a member',
        csv: DEMO_CSV,
        mapping: DEMO_MAPPING,
      });
    expect((await listOf(member, users.usdAccount)).canUploadCustomers).toBe(false);
    const refused = await upload();
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('CUSTOMER_UPLOAD_NOT_ALLOWED');

    const byMember = await member.call(`/api/audiences/members/${memberSub}/customer-uploads`, {
      method: 'PUT',
      body: JSON.stringify({ allowed: true }),
    });
    expect(byMember.status).toBe(403);
    const byOwner = await users.user.call(`/api/audiences/members/${memberSub}/customer-uploads`, {
      method: 'PUT',
      body: JSON.stringify({ allowed: true }),
    });
    expect(byOwner.status).toBe(200);
    expect((await upload()).status).toBe(201);
  }, 60_000);

  it('and every upload and refresh are in the owner’s audit, with counts and no customer data', async () => {
    expect((await member.call('/api/audiences/customer-uploads')).status).toBe(403);
    const reply = await users.user.call('/api/audiences/customer-uploads');
    expect(reply.status).toBe(200);
    const { items } = (await reply.json()) as CustomerUploadAudit;
    expect(items.find((entry) => entry.audienceName === 'By a member')).toMatchObject({
      action: 'upload',
      by: member.email,
      byOwner: false,
      outcome: 'completed',
      rows: 2000,
      sent: 2000,
      invalid: 0,
    });
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'refresh', byOwner: true, added: 200, removed: 500, unchanged: 2_500 }),
        expect.objectContaining({ action: 'upload', audienceName: 'Wrong mapping', outcome: 'failed' }),
      ]),
    );
    expect(items.map((entry) => entry.at)).toEqual(
      items
        .map((entry) => entry.at)
        .sort()
        .reverse(),
    );

    // The rows themselves hold no email, phone or name of the file, nor any hash of one.
    const rows = await doc().send(
      new QueryCommand({
        TableName: localTableName('campaignAudit'),
        KeyConditionExpression: 'user_id = :workspace',
        ExpressionAttributeValues: { ':workspace': users.userSub },
      }),
    );
    const stored = JSON.stringify(rows.Items);
    const firstCustomer = DEMO_CSV.split('\n')[1]!.split(',');
    for (const value of firstCustomer.filter((field) => field.length > 3)) {
      expect(stored).not.toContain(value);
      expect(stored).not.toContain(value.toLowerCase());
    }
    expect(stored).not.toMatch(/[0-9a-f]{64}/);
  });

  it('an admin of the workspace reads the audit too; a member is told only the owner and admins may', async () => {
    const refused = await member.call('/api/audiences/customer-uploads');
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('ADMINS_ONLY');
    // A person of their own: the function caches a person's roles for a while, so a changed role is not seen at once.
    const admin = await freshUser('audiences-admin');
    const adminSub = JSON.parse(Buffer.from(admin.token.split('.')[1]!, 'base64url').toString()).sub as string;
    const key = { user_id: adminSub, workspace_id: users.userSub };
    await doc().send(
      new PutCommand({
        TableName: localTableName('workspaceMemberships'),
        Item: {
          ...key,
          role: 'admin',
          email: admin.email,
          owner_email: users.user.email,
          joined_at: new Date().toISOString(),
        },
      }),
    );
    try {
      const reply = await admin.call('/api/audiences/customer-uploads');
      expect(reply.status).toBe(200);
      const { items } = (await reply.json()) as CustomerUploadAudit;
      expect(items.some((entry) => entry.audienceName === 'By a member')).toBe(true);
      // Letting someone upload stays the owner's alone.
      const allow = await admin.call(`/api/audiences/members/${adminSub}/customer-uploads`, {
        method: 'PUT',
        body: JSON.stringify({ allowed: true }),
      });
      expect(allow.status).toBe(403);
    } finally {
      await doc().send(new DeleteCommand({ TableName: localTableName('workspaceMemberships'), Key: key }));
      await admin.remove();
    }
  }, 60_000);
});
