/**
 * The package ships Flow sources and no TypeScript types: these are the parts of its API the
 * contract suite calls (facebook-nodejs-business-sdk 24.0.1, src/api.js, src/objects/*.js), and the Conversions API
 * normaliser the customer-data tests compare with (src/objects/serverside/utils.js).
 */
declare module 'facebook-nodejs-business-sdk' {
  /** The Conversions API classes (src/objects/serverside/*.js): the SDK normalises and hashes `user_data` itself. */
  export class UserData {
    setEmails(emails: string[]): UserData;
    setPhones(phones: string[]): UserData;
    setClientIpAddress(ip: string): UserData;
    setClientUserAgent(userAgent: string): UserData;
    setFbp(fbp: string): UserData;
  }
  export class CustomData {
    setValue(value: number): CustomData;
    setCurrency(currency: string): CustomData;
  }
  export class ServerEvent {
    setEventName(name: string): ServerEvent;
    setEventTime(seconds: number): ServerEvent;
    setEventSourceUrl(url: string): ServerEvent;
    setEventId(id: string): ServerEvent;
    setActionSource(source: string): ServerEvent;
    setUserData(userData: UserData): ServerEvent;
    setCustomData(customData: CustomData): ServerEvent;
  }
  export class EventResponse {
    readonly events_received: number;
    readonly messages: string[];
    readonly fbtrace_id: string;
  }
  export class EventRequest {
    constructor(accessToken: string, pixelId: string);
    setEvents(events: ServerEvent[]): EventRequest;
    setTestEventCode(code: string): EventRequest;
    execute(): Promise<EventResponse>;
  }

  export class ServerSideUtils {
    /** Normalises and SHA-256 hashes one `user_data` value; throws on a value it cannot normalise. */
    static normalizeAndHash(input: string, field: string): string | null;
  }

  type Params = Record<string, unknown>;
  type Fields = string[];

  export class FacebookAdsApi {
    static init(accessToken: string, locale?: string, crashLog?: boolean): FacebookAdsApi;
    static readonly VERSION: string;
    static readonly GRAPH: string;
    accessToken: string;
    call(method: 'GET' | 'POST' | 'DELETE', path: string[] | string, params?: Params): Promise<Record<string, unknown>>;
  }

  /** What the SDK throws for a Graph error (src/exceptions.js; not exported, so recognised by `name`). */
  export interface FacebookRequestError extends Error {
    name: 'FacebookRequestError';
    status: number | null;
    /** `error` of Meta's reply body. */
    response: {
      message: string;
      type: string;
      code: number;
      error_subcode?: number;
      is_transient?: boolean;
      error_user_title?: string;
      error_user_msg?: string;
      fbtrace_id?: string;
      /** The blamed fields, a JSON string such as `{"blame_field_specs":[["targeting"]]}`. */
      error_data?: string;
    };
  }

  /** Read results: the objects of the first page, with paging helpers. */
  export interface Cursor<T = AbstractCrudObject> extends Array<T> {
    hasNext(): boolean;
    next(): Promise<Cursor<T>>;
  }

  export class AbstractCrudObject {
    constructor(id: string | null, data?: Params);
    id: string;
    _data: Record<string, unknown>;
    [field: string]: unknown;
    /** The generated node classes (src/objects/*.js) take `fields` first on every method. */
    getApi(): FacebookAdsApi;
    get(fields: Fields, params?: Params): Promise<this>;
    update(fields: Fields, params?: Params): Promise<Record<string, unknown>>;
    delete(fields?: Fields, params?: Params): Promise<Record<string, unknown>>;
  }

  export class AdAccount extends AbstractCrudObject {
    createCampaign(fields: Fields, params: Params): Promise<Campaign>;
    createAdSet(fields: Fields, params: Params): Promise<AdSet>;
    createAdImage(fields: Fields, params: Params): Promise<AdImage>;
    createAdCreative(fields: Fields, params: Params): Promise<AdCreative>;
    createAd(fields: Fields, params: Params): Promise<Ad>;
    getCampaigns(fields: Fields, params?: Params): Promise<Cursor<Campaign>>;
    getAdSets(fields: Fields, params?: Params): Promise<Cursor<AdSet>>;
    getAds(fields: Fields, params?: Params): Promise<Cursor<Ad>>;
    getPromotePages(fields: Fields, params?: Params): Promise<Cursor>;
    getAdsPixels(fields: Fields, params?: Params): Promise<Cursor>;
    getDeliveryEstimate(fields: Fields, params: Params): Promise<Cursor>;
    getGeneratePreviews(fields: Fields, params: Params): Promise<Cursor>;
    getInsights(fields: Fields, params?: Params): Promise<Cursor>;
    getInsightsAsync(fields: Fields, params?: Params): Promise<AdReportRun>;
    createCustomAudience(fields: Fields, params: Params): Promise<CustomAudience>;
    getCustomAudiences(fields: Fields, params?: Params): Promise<Cursor<CustomAudience>>;
  }

  /** src/objects/custom-audience.js: the node, its `/users` edge, and the enums the suite reads. */
  export class CustomAudience extends AbstractCrudObject {
    static readonly Fields: Record<string, string>;
    static readonly Subtype: Record<string, string>;
    static readonly CustomerFileSource: Record<string, string>;
    createUser(fields: Fields, params: Params): Promise<CustomAudience>;
    deleteUsers(params: Params): Promise<Record<string, unknown>>;
  }

  export class Campaign extends AbstractCrudObject {
    getAdSets(fields: Fields, params?: Params): Promise<Cursor<AdSet>>;
    getInsights(fields: Fields, params?: Params): Promise<Cursor>;
    getInsightsAsync(fields: Fields, params?: Params): Promise<AdReportRun>;
  }
  export class AdSet extends AbstractCrudObject {
    getAds(fields: Fields, params?: Params): Promise<Cursor<Ad>>;
  }
  export class Ad extends AbstractCrudObject {}
  export class AdCreative extends AbstractCrudObject {}
  export class AdImage extends AbstractCrudObject {}
  /** src/objects/ad-video.js has no generated `get`: AbstractCrudObject's `read` and `delete(params)` serve. */
  export class AdVideo extends AbstractCrudObject {
    read(fields: Fields, params?: Params): Promise<this>;
  }
  export class AdReportRun extends AbstractCrudObject {
    getInsights(fields: Fields, params?: Params): Promise<Cursor>;
  }
  export class User extends AbstractCrudObject {
    getAdAccounts(fields: Fields, params?: Params): Promise<Cursor<AdAccount>>;
  }
}
