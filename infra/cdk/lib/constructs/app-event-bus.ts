import { Duration } from 'aws-cdk-lib';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { Construct } from 'constructs';
import { EVENT_SOURCE } from '@shared/events';

export interface AppEventBusProps {
  /** Physical bus name; functions receive it as EVENT_BUS_NAME. */
  readonly eventBusName: string;
  /** How long archived events can be replayed. @default Duration.days(30) */
  readonly archiveRetention?: Duration;
}

/**
 * Adsmith's own EventBridge bus for the events of shared/events.ts, with an
 * archive of everything the app puts on it. The rules, queues and forwarders
 * that deliver events (`deliverTo`) come with the notification work; until then
 * the archive keeps every event so it can be replayed to them once they exist.
 */
export class AppEventBus extends Construct {
  readonly bus: EventBus;

  constructor(scope: Construct, id: string, props: AppEventBusProps) {
    super(scope, id);
    this.bus = new EventBus(this, 'Bus', {
      eventBusName: props.eventBusName,
      description: 'Adsmith application events (signup, contact, payment, ...)',
    });
    this.bus.archive('Archive', {
      description: `Every ${EVENT_SOURCE} event, for replay`,
      eventPattern: { source: [EVENT_SOURCE] },
      retention: props.archiveRetention ?? Duration.days(30),
    });
  }
}
