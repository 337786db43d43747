/** The lineage area of the emulator. Its routes are added by the lineage work. */
import type { EmulatorApp } from '../core/app';

export function register(_app: EmulatorApp): void {}
