/**
 * Apache Hop Server (Carte's successor): see hop/area.ts.
 */
export { register } from './hop/area';
