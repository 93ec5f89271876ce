/**
 * A multipart upload with real progress (fetch cannot report upload progress; XMLHttpRequest can),
 * carrying the XSRF header like every other call (spec §7: progress callback).
 */
import { API_BASE, type EndpointName, endpoints, type ResponseOf } from '@account/contract';
import { ApiError } from './api';
import { readCookie } from './cookies';

/** The calls that take an upload: the contract names their file field. */
type UploadCall = {
  [N in EndpointName]: (typeof endpoints)[N] extends { upload: { field: string } } ? N : never;
}[EndpointName];

export function uploadFile<N extends UploadCall>(
  name: N,
  file: File,
  onProgress: (percent: number) => void,
): Promise<ResponseOf<N>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(endpoints[name].method, `${API_BASE}${endpoints[name].path}`);
    request.responseType = 'json';
    const token = readCookie('XSRF-TOKEN');
    if (token) request.setRequestHeader('X-XSRF-TOKEN', decodeURIComponent(token));
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) resolve(request.response as ResponseOf<N>);
      else reject(new ApiError(request.status, request.response ?? null));
    });
    request.addEventListener('error', () => reject(new ApiError(0, null)));
    const form = new FormData();
    form.append(endpoints[name].upload.field, file);
    request.send(form);
  });
}
