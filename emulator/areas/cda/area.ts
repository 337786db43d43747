import type { EmulatorApp } from '../../core/app';

export async function register(_app: EmulatorApp): Promise<void> {}
