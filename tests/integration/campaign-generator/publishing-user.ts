import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { localBucketName } from '@shared/buckets';
import { LOCAL_CREDENTIALS, LOCAL_NAME_PREFIX } from '@infra/twin/function-environment';
import { twin } from '../twin-client';
import { connectMeta, freshUser, type FreshUser } from '../meta-api/meta-user';

/** A date `offset` days from today, as a brief names its start and end. */
export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A reply's status and parsed body (text first, so a body that is not JSON fails naming itself). */
export async function json(reply: Response) {
  const text = await reply.text();
  return { status: reply.status, body: JSON.parse(text) as Record<string, unknown> & { error?: { message: string } } };
}

/** The user's id, as the API knows them: the access token's `sub`. */
export const subOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

/**
 * A user of the calling file's own with Meta connected, and the sandbox ad account in USD they plan and publish in:
 * each file calls it in its own `beforeAll`, so it sets up all it reads on whichever twin it lands.
 */
export async function publishingUser(label: string): Promise<{ user: FreshUser; usdAccount: string }> {
  const user = await freshUser(label);
  await connectMeta(user);
  const accounts = await json(await user.call('/api/meta/ad-accounts'));
  const usdAccount = (accounts.body.data as Array<{ id: string; currency: string }>).find(
    (a) => a.currency === 'USD',
  )!.id;
  return { user, usdAccount };
}

/** The brief of the pour-over set's image tests, naming the account and the user's images. */
export const pourOverBrief = (adAccountId: string, images: unknown[]) => ({
  adAccountId,
  product: 'Ceramic pour-over coffee set',
  goal: 'traffic',
  landingUrl: 'https://shop.example.com/pour-over',
  budgetType: 'daily',
  budgetAmount: 25,
  startDate: day(1),
  endDate: day(15),
  countries: ['US'],
  audience: 'Home baristas who love specialty coffee',
  images,
});

/** The stoneware-mugs brief of the publish tests, naming the account; `extra` adds or overrides fields. */
export const mugsBrief = (adAccountId: string, extra: Record<string, unknown> = {}) => ({
  adAccountId,
  product: 'Handmade stoneware mugs',
  goal: 'traffic',
  landingUrl: 'https://shop.example.com/mugs',
  budgetType: 'daily',
  budgetAmount: 25,
  startDate: day(1),
  endDate: day(15),
  countries: ['US'],
  audience: 'Coffee lovers who buy handmade homeware',
  ...extra,
});

/**
 * The assets bucket of this worker's twin, where graphics-video stores a rendered video and its thumbnail: a test
 * puts one there itself and destroys the client in its `afterAll`.
 */
export function twinAssets() {
  const s3 = new S3Client({
    endpoint: twin().s3,
    region: twin().cognito.region,
    forcePathStyle: true,
    credentials: LOCAL_CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  return {
    async put(key: string, body: Uint8Array, contentType: string) {
      await s3.send(
        new PutObjectCommand({
          Bucket: localBucketName(LOCAL_NAME_PREFIX, 'assets'),
          Key: key,
          Body: body,
          ContentType: contentType,
        }),
      );
    },
    destroy: () => s3.destroy(),
  };
}
