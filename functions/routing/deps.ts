import { roadNetworks } from '../../shared/routing/loaded-networks';

/** The road networks the routing endpoints serve from (every artefact of WAYMARK_NETWORK_DIR). */
export const networks = roadNetworks;
