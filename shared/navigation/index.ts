export { ANNOUNCE_AHEAD_M, ANNOUNCE_AT_M, CONTINUE_FOR_M, withGuidance } from './guidance';
export { DEFAULT_LANGUAGE, PHRASEBOOKS, phrasebookFor } from './languages';
export type { ManeuverKind, ManeuverSpeech, Phrasebook } from './phrases';
export { navigationQuery, navigationResponse, type NavigationParams } from './schemas';
export { navigation } from './service';
