import { keyFingerprint } from '../api/key-fingerprint';
import type { Workspace } from './connection-storage';

/** The host people recognise ("data.acme.com"), or this site's for a same-origin service. */
export function serviceHostOf(serviceUrl: string): string {
  if (serviceUrl === '') return globalThis.location?.host ?? 'this site';
  try {
    return new URL(serviceUrl).host;
  } catch {
    return serviceUrl;
  }
}

/** What a workspace is called: the user's name for it, else the deployment's title. */
export function workspaceNameOf(workspace: Workspace, title: string): string {
  return workspace.name ?? title;
}

/** The secondary line that tells two workspaces apart: host and key fingerprint. */
export function workspaceHintOf(workspace: Workspace): string {
  return `${serviceHostOf(workspace.connection.serviceUrl)} · key ${keyFingerprint(workspace.connection.apiKey)}`;
}
