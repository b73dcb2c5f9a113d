import { isAppUrl } from './navigation';

/**
 * Electron grants every permission unless told otherwise. Fieldwork needs none (no camera, microphone,
 * location, notifications through the web API, or screen capture); only fullscreen for the video
 * player, and only for the app's own page.
 */
export function permissionRequestHandler(allowedOrigins: readonly string[]) {
  return (_wc: unknown, permission: string, callback: (granted: boolean) => void, details?: { requestingUrl?: string }) => {
    callback(permission === 'fullscreen' && isAppUrl(details?.requestingUrl ?? '', allowedOrigins));
  };
}

export function permissionCheckHandler(allowedOrigins: readonly string[]) {
  return (_wc: unknown, permission: string, requestingOrigin: string) => permission === 'fullscreen' && isAppUrl(requestingOrigin, allowedOrigins);
}

export const devicePermissionHandler = () => false;
