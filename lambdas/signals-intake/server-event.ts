import type { QueuedServerEvent, SiteEvent } from '@shared/schemas/signals-endpoint';
import { hashedCustomerFields } from '../lib/customer-data/customer-fields';
import { hashCustomerRecord, type RawCustomerRecord } from '../lib/customer-data/hash-customer-data';

/** What the request itself tells about the visitor, used when the event leaves it out. */
export interface RequestVisitor {
  /** The viewer's address, for a request sent by the visitor's browser (the snippet), else undefined. */
  browserAddress?: string;
  userAgent?: string;
}

/**
 * A site's event as Meta's Conversions API takes it. With consent, the contact details are normalised and SHA-256
 * hashed (lambdas/lib/customer-data, Meta's rules) and the clear browser keys kept; without it, no customer
 * information at all: only the user agent Meta requires of every website event (server-event parameters page),
 * which identifies no one by itself. The raw values go no further than this function.
 */
export function toServerEvent(event: SiteEvent, consent: boolean, visitor: RequestVisitor): QueuedServerEvent {
  const raw = event.user_data;
  const userData: QueuedServerEvent['user_data'] = {};
  if (consent) {
    const record: RawCustomerRecord = {};
    for (const field of hashedCustomerFields) if (raw[field] !== undefined) record[field] = raw[field];
    Object.assign(userData, hashCustomerRecord(record).hashed);
    const address = raw.client_ip_address ?? visitor.browserAddress;
    if (address) userData.client_ip_address = address;
    if (raw.fbc) userData.fbc = raw.fbc;
    if (raw.fbp) userData.fbp = raw.fbp;
  }
  const userAgent = raw.client_user_agent ?? visitor.userAgent;
  if (userAgent) userData.client_user_agent = userAgent;
  return {
    event_name: event.event_name,
    event_time: event.event_time,
    event_id: event.event_id,
    action_source: event.action_source,
    ...(event.event_source_url && { event_source_url: event.event_source_url }),
    user_data: userData,
    ...(event.custom_data && { custom_data: event.custom_data }),
    ...(event.opt_out !== undefined && { opt_out: event.opt_out }),
  };
}
