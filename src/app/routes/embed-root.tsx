import { useEffect, useRef } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useRuntimeConfig } from '../../config/runtime-config-context';
import type { EmbedBridge } from '../../features/embed/embed-bridge';
import { useApiClientFactory } from '../../lib/api/api-client-factory-context';
import { useAuthStore } from '../../lib/auth/auth-context';
import { useAppServices } from '../providers';

/**
 * The embedded view's outermost route: hands the host-message bridge what it drives (the
 * auth store, the query cache, navigation) once the router is up, which announces ready.
 * It stays mounted for the page's life, whatever the route.
 */
export function EmbedRoot({ bridge }: { bridge: EmbedBridge }) {
  const config = useRuntimeConfig();
  const authStore = useAuthStore();
  const { clearCaches } = useAppServices();
  const createClient = useApiClientFactory();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(
    () =>
      bridge.attach({
        config,
        authStore,
        createClient,
        clearCache: clearCaches,
        navigate: (path) => void navigateRef.current(path),
      }),
    [bridge, config, authStore, createClient, clearCaches],
  );
  return <Outlet />;
}
