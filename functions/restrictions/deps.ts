import { config } from '../../shared/platform/config';
import { DynamoRestrictionStore } from '../../shared/road-editor/dynamo-store';
import { RoadEditor } from '../../shared/road-editor/service';
import { roadNetworks } from '../../shared/routing/loaded-networks';

let editor: RoadEditor | undefined;

/** The road editor of this process, built on first use (after env is set); routing shares it (functions/routing/deps.ts). */
export const roadEditor = (): RoadEditor =>
  (editor ??= new RoadEditor(new DynamoRestrictionStore(), roadNetworks, { maxStaleMs: config.roadEditsMaxStaleMs() }));
