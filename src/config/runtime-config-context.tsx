import { createContext, type ReactNode, useContext } from 'react';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from './runtime-config';

const RuntimeConfigContext = createContext<RuntimeConfig>(DEFAULT_RUNTIME_CONFIG);

export function RuntimeConfigProvider({
  config,
  children,
}: {
  config: RuntimeConfig;
  children: ReactNode;
}) {
  return <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>;
}

/** The settings loaded from config.json at start-up (defaults outside a provider, e.g. in tests). */
export function useRuntimeConfig(): RuntimeConfig {
  return useContext(RuntimeConfigContext);
}
