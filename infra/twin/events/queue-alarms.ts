import type { QueueDeclaration } from '@shared/queues';
import type { QueueStats } from './local-queue';

export interface LocalAlarm {
  /** The alarm's name as CDK names it (without the stage prefix). */
  name: string;
  metric: 'ApproximateNumberOfMessagesVisible' | 'ApproximateAgeOfOldestMessage';
  queue: string;
  threshold: number;
  value: number;
  state: 'OK' | 'ALARM';
}

/**
 * The queue alarms CDK creates (infra notifications construct), evaluated on the
 * twin's queues with the same thresholds: any dead letter, or an oldest message
 * older than the queue's `maxAgeAlarmSeconds`.
 */
export function queueAlarms(queues: readonly { declaration: QueueDeclaration; stats: QueueStats }[]): LocalAlarm[] {
  return queues.flatMap(({ declaration, stats }) => {
    const dlq: LocalAlarm = {
      name: `${declaration.name}-dlq-not-empty`,
      metric: 'ApproximateNumberOfMessagesVisible',
      queue: `${declaration.name}-dlq`,
      threshold: 1,
      value: stats.deadLetters.visible,
      state: stats.deadLetters.visible >= 1 ? 'ALARM' : 'OK',
    };
    const age: LocalAlarm = {
      name: `${declaration.name}-oldest-message-age`,
      metric: 'ApproximateAgeOfOldestMessage',
      queue: declaration.name,
      threshold: declaration.maxAgeAlarmSeconds,
      value: stats.oldestAgeSeconds,
      state: stats.oldestAgeSeconds > declaration.maxAgeAlarmSeconds ? 'ALARM' : 'OK',
    };
    return [dlq, age];
  });
}
