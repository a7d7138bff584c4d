import { useQuery } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { useRuntimeConfig } from '../../config/runtime-config-context';
import { useApiClient } from '../api/api-client-context';
import { queryKeys } from '../api/query-keys';
import { useReadableScopes } from '../auth/use-readable-scopes';
import type { WorkspaceDeviceNames } from './device-names';
import { fetchPeopleFile } from './people-file';
import type { PeopleSource } from './people-source';
import { readPeopleTable } from './people-table';

export interface KnownName {
  name: string;
  /** The deployment's directory, or a name given on this device. */
  from: 'directory' | 'device';
}

export interface PeopleDirectory {
  /** config.json's people source; null when the deployment names none. */
  source: PeopleSource | null;
  /** 'none' without a source. */
  status: 'none' | 'loading' | 'ready' | 'error';
  /** Why the source could not be read (status 'error'): a PeopleFileError, PeopleTableError or ApiError. */
  error: unknown;
  /** The source held more people than are read (MAX_PEOPLE). */
  truncated: boolean;
  /** The directory's name for an id, else this device's, else null. */
  nameOf(id: string): KnownName | null;
  /** Every id with a name (the directory's and this device's). */
  knownIds(): Iterable<string>;
  /** Names given on this device, for this workspace. */
  deviceNames: ReadonlyMap<string, string>;
  /** False where nothing may be kept (the embedded view, tests without a workspace). */
  canNameOnDevice: boolean;
  /** `name` null or blank removes the id's name. */
  nameOnDevice(id: string, name: string | null): void;
  /** Adds names (an imported file); returns how many were taken. */
  importDeviceNames(names: ReadonlyMap<string, string>): number;
  /** Asks for the directory to be read: it is read only once a screen shows a person. */
  want(): void;
}

const NO_NAMES: ReadonlyMap<string, string> = new Map();

const NO_DIRECTORY: PeopleDirectory = {
  source: null,
  status: 'none',
  error: null,
  truncated: false,
  nameOf: () => null,
  knownIds: () => [],
  deviceNames: NO_NAMES,
  canNameOnDevice: false,
  nameOnDevice: () => {},
  importDeviceNames: () => 0,
  want: () => {},
};

const PeopleContext = createContext<PeopleDirectory>(NO_DIRECTORY);

/** Directories change rarely; an open dashboard reads one again after this long. */
const DIRECTORY_STALE_MS = 10 * 60_000;

const noSubscription = () => () => {};

/**
 * The open workspace's people directory: below the workspace's API client and QueryClient
 * (the directory is cached with the workspace's data and goes with it), beside this
 * device's names for it.
 */
export function PeopleProvider({
  deviceNames,
  children,
}: {
  deviceNames: WorkspaceDeviceNames | null;
  children: ReactNode;
}) {
  const { people: configured } = useRuntimeConfig();
  const client = useApiClient();
  const { canRead } = useReadableScopes();
  // A key that may not read tables reads no people table: no directory, not a 403 to explain.
  const source = configured?.kind === 'table' && !canRead('tables:read') ? null : configured;
  // Nothing is fetched until a screen shows a person: the grid's first screen stays as it was.
  const [wanted, setWanted] = useState(false);
  const query = useQuery({
    queryKey: queryKeys.peopleDirectory(source ? peopleSourceKey(source) : 'none'),
    queryFn: async ({ signal }) =>
      source?.kind === 'table'
        ? readPeopleTable(client, source, signal)
        : { people: await fetchPeopleFile(source?.url ?? '', signal), truncated: false },
    enabled: source !== null && wanted,
    staleTime: DIRECTORY_STALE_MS,
    // A missing column or a refused file is the deployment's to fix, not the network's.
    retry: false,
  });
  const device = useSyncExternalStore(
    deviceNames?.subscribe ?? noSubscription,
    () => deviceNames?.read() ?? NO_NAMES,
  );
  const directory = query.data?.people ?? null;
  const value = useMemo<PeopleDirectory>(
    () => ({
      source,
      status: source === null ? 'none' : query.isError ? 'error' : directory ? 'ready' : 'loading',
      error: query.error,
      truncated: query.data?.truncated ?? false,
      nameOf: (id) => {
        const fromDirectory = directory?.get(id);
        if (fromDirectory !== undefined) return { name: fromDirectory, from: 'directory' };
        const fromDevice = device.get(id);
        return fromDevice === undefined ? null : { name: fromDevice, from: 'device' };
      },
      knownIds: () => new Set([...(directory?.keys() ?? []), ...device.keys()]),
      deviceNames: device,
      canNameOnDevice: deviceNames !== null,
      nameOnDevice: (id, name) => deviceNames?.write(id, name),
      importDeviceNames: (names) => deviceNames?.writeAll(names) ?? 0,
      want: () => setWanted(true),
    }),
    [source, query.isError, query.error, query.data, directory, device, deviceNames],
  );
  return <PeopleContext.Provider value={value}>{children}</PeopleContext.Provider>;
}

/**
 * The people directory of the open workspace (an empty one outside a workspace). Using it
 * starts reading the deployment's directory, once.
 */
export function usePeopleDirectory(): PeopleDirectory {
  const directory = useContext(PeopleContext);
  const { want } = directory;
  useEffect(() => want(), [want]);
  return directory;
}

/**
 * Every name known for an id (the directory's, else this device's), for code that can't ask
 * one id at a time (a find, matching in a worker). Reads the directory only once `wanted`:
 * a screen that may never need the names sends nothing for them.
 */
export function usePeopleNames(wanted: boolean): ReadonlyMap<string, string> {
  const directory = useContext(PeopleContext);
  const { want } = directory;
  useEffect(() => {
    if (wanted) want();
  }, [wanted, want]);
  // The provider's value is new only when the names change (the directory arrives, a name
  // is given on this device): so is the map.
  return useMemo(() => namesOf(directory.knownIds(), directory.nameOf), [directory]);
}

function namesOf(
  ids: Iterable<string>,
  nameOf: (id: string) => KnownName | null,
): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  for (const id of ids) {
    const known = nameOf(id);
    if (known) names.set(id, known.name);
  }
  return names;
}

/** The name the workspace knows for a user or bot id, or null. */
export function usePersonName(id: string | null): KnownName | null {
  const directory = usePeopleDirectory();
  return id === null ? null : directory.nameOf(id);
}

/** One cache entry per source: a changed config.json reads the new source. */
export function peopleSourceKey(source: PeopleSource): string {
  return source.kind === 'table'
    ? `table:${source.tableId}:${source.idColumn}:${source.nameColumn}`
    : `file:${source.url}`;
}
