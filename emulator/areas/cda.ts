export { register } from './cda/area';
