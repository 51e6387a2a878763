import type { RequestListener } from 'node:http';
import { serveAwsJsonCall } from '../aws-json/aws-json-protocol';
import { sendJson } from '../http-io';
import type { LocalKms } from './local-kms';

/** The local KMS endpoint: `TrentService.<Operation>` over AWS JSON 1.1, as the SDK's KMS client speaks it. */
export function kmsHandler(kms: LocalKms): RequestListener {
  return (req, res) => {
    void serveAwsJsonCall(req, res, 'TrentService', kms.operations).then((served) => {
      // Key material never leaves through any page: only the protocol is served.
      if (!served) sendJson(res, 404, { message: 'Not Found' });
    });
  };
}
