/** An error answered the way Cognito answers it: 4xx, `__type` + `message`. */
export class CognitoReplyError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}
