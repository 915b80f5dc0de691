import { config } from '../../shared/platform/config';
import { LiveChannel, type Targets } from '../../shared/live/channel';
import { DynamoLiveStore } from '../../shared/live/dynamo-store';
import { LivePublisher } from '../../shared/live/publish';
import { environmentCredentials, HttpConnectionSender, LocalConnectionSender } from '../../shared/live/sender';
import { DynamoMonitorStore } from '../../shared/monitors/dynamo-store';
import { DynamoTrackingStore } from '../../shared/tracking/dynamo-store';
import { DynamoTripStore } from '../../shared/trips/dynamo-store';

// The live channel of this process: the socket's sessions and the fan-out tracking and monitors
// publish through, built on first use.

let store: DynamoLiveStore | undefined;
let trips: DynamoTripStore | undefined;
let channel: LiveChannel | undefined;
let publisher: LivePublisher | undefined;

const liveStore = () => (store ??= new DynamoLiveStore());
const tripStore = () => (trips ??= new DynamoTripStore());

function targets(): Targets {
  const tracking = new DynamoTrackingStore();
  const monitors = new DynamoMonitorStore();
  return {
    trip: async (space, id) => {
      const trip = await tripStore().get(space, id);
      return trip && { assetId: trip.asset_id, active: trip.state === 'active' };
    },
    assetExists: async (space, id) => (await tracking.getAsset(space, id)) !== null,
    monitorExists: async (space, id) => (await monitors.get(space, id)) !== undefined,
  };
}

export const liveChannel = (): LiveChannel =>
  (channel ??= new LiveChannel({
    store: liveStore(),
    targets: targets(),
    limits: () => ({ subscriptionsPerConnection: config.liveMaxSubscriptions(), connectionsPerKey: config.liveMaxConnectionsPerKey() }),
  }));

/** Undefined where no live endpoint is configured (a bare process): nothing is pushed. */
export function livePublisher(): LivePublisher | undefined {
  const endpoint = config.liveEndpoint();
  if (!endpoint) return undefined;
  return (publisher ??= new LivePublisher({
    store: liveStore(),
    sender: endpoint.startsWith('https:')
      ? new HttpConnectionSender(endpoint, process.env.AWS_REGION ?? 'us-east-1', environmentCredentials)
      : // serverless-offline in this process (npm start): no signature, and no HTTP when it can be helped.
        new LocalConnectionSender(new HttpConnectionSender(endpoint, process.env.AWS_REGION ?? 'us-east-1')),
    activeTripOf: (space, assetId) => tripStore().activeTripOf(space, assetId),
  }));
}
