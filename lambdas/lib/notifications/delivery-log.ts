import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DeliverySchema, type Delivery, type NotificationTarget } from '@shared/schemas/notifications';
import { keyNames } from '@shared/table-keys';

/** Recent deliveries are an operator's view, not an archive. */
const DELIVERY_TTL_SECONDS = 3 * 24 * 3600;

export type DeliveryRecord = Omit<Delivery, 'id' | 'at'>;

/**
 * The forwarders' record of each post they made (types and counts, never the
 * content or anyone's email), newest first per target, for the Notifications page.
 */
export interface DeliveryLog {
  record(delivery: DeliveryRecord): Promise<void>;
  recent(target: NotificationTarget, limit: number): Promise<Delivery[]>;
}

export function dynamoDeliveryLog(doc: DynamoDBDocumentClient, table: string, now = () => new Date()): DeliveryLog {
  return {
    async record(delivery) {
      const at = now();
      const id = randomUUID();
      await doc.send(
        new PutCommand({
          TableName: table,
          Item: {
            ...delivery,
            id,
            at: at.toISOString(),
            at_id: `${at.toISOString()}#${id}`,
            expires_at: Math.floor(at.getTime() / 1000) + DELIVERY_TTL_SECONDS,
          },
        }),
      );
    },
    async recent(target, limit) {
      const reply = await doc.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: '#t = :t',
          ExpressionAttributeNames: { '#t': keyNames('notificationDeliveries').partition },
          ExpressionAttributeValues: { ':t': target },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (reply.Items ?? []).flatMap((item) => {
        const parsed = DeliverySchema.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      });
    },
  };
}
