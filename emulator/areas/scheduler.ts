/** The scheduler area of the emulator. Its routes are added by the scheduler work. */
import type { EmulatorApp } from '../core/app';

export function register(_app: EmulatorApp): void {}
