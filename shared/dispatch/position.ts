import { isApiError } from '../platform/errors';
import { bindDevice, createAsset } from '../tracking/assets';
import type { TrackBody } from '../tracking/schemas';
import type { TrackingContext } from '../tracking/service';
import { uploadTrack } from '../tracking/track';
import type { StoredRoute } from './model';

// The driver's phone reports its position as the route's vehicle, through tracking's own upload,
// so monitors and trips see it like any tracked asset. The asset is the route's vehicle id
// (route-<short id> for a route with no vehicle), made on first report; the phone is its device
// ("driver-<route id>") for as long as the driver's page reports, taking over the binding.

export const vehicleAssetId = (route: StoredRoute) => route.vehicle_id || `route-${route.short_id}`;

export async function reportPosition(ctx: TrackingContext, space: string, route: StoredRoute, locations: TrackBody['locations']) {
  const id = vehicleAssetId(route);
  const device = `driver-${route.id}`;
  const asset = await ctx.store.getAsset(space, id);
  if (!asset) {
    await createAsset(ctx, space, { custom_id: id, name: `Route ${route.short_id}` }).catch((e: unknown) => {
      // created meanwhile by the page's previous report
      if (!isApiError(e) || e.status !== 409) throw e;
    });
  }
  const bound = asset?.device_id;
  if (bound !== device) await bindDevice(ctx, space, id, device);
  await uploadTrack(ctx, space, id, { device_id: device, locations });
  return { asset_id: id };
}
