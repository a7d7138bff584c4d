import { keyFingerprint } from '../api/key-fingerprint';
import type { Workspace } from './connection-storage';

/** What an unnamed demo workspace is called; no other workspace is ever called so. */
export const DEMO_WORKSPACE_NAME = 'Demo workspace';

/** The host people recognise ("data.acme.com"), or this site's for a same-origin service. */
export function serviceHostOf(serviceUrl: string): string {
  if (serviceUrl === '') return globalThis.location?.host ?? 'this site';
  try {
    return new URL(serviceUrl).host;
  } catch {
    return serviceUrl;
  }
}

/**
 * What a workspace is called: the person's name for it, else its service's host. Only the
 * demo connection (config.json's key) is "Demo workspace": the deployment's title names
 * the page, not every key opened in it.
 */
export function workspaceNameOf(workspace: Workspace): string {
  if (workspace.name !== null) return workspace.name;
  return workspace.demo ? DEMO_WORKSPACE_NAME : serviceHostOf(workspace.connection.serviceUrl);
}

/** The secondary line that tells two workspaces apart: host and key fingerprint. */
export function workspaceHintOf(workspace: Workspace): string {
  const host = serviceHostOf(workspace.connection.serviceUrl);
  if (workspace.keyRefused) return `${host} · key not accepted: sign in again`;
  return `${host} · key ${keyFingerprint(workspace.connection.apiKey)}`;
}
