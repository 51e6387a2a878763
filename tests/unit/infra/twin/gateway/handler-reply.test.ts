import { describe, expect, it } from 'vitest';
import { replyFromResult } from '@infra/twin/gateway/handler-reply';

describe('replyFromResult (payload-format 2.0 response rules)', () => {
  it('uses a structured response as given, lower-casing header names', () => {
    const reply = replyFromResult({
      statusCode: 201,
      headers: { 'Content-Type': 'application/json' },
      body: '{"ok":true}',
      cookies: ['s=1'],
    });

    expect(reply).toMatchObject({ statusCode: 201, headers: { 'content-type': 'application/json' }, cookies: ['s=1'] });
    expect(reply.body.toString()).toBe('{"ok":true}');
  });

  it('decodes a base64 body', () => {
    expect(replyFromResult({ statusCode: 200, body: 'aGk=', isBase64Encoded: true }).body.toString()).toBe('hi');
  });

  it('treats a result without statusCode as a 200 JSON body', () => {
    const reply = replyFromResult({ status: 'ok' });

    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json');
    expect(reply.body.toString()).toBe('{"status":"ok"}');
  });

  it('answers 500 for a malformed statusCode, as API Gateway does', () => {
    const reply = replyFromResult({ statusCode: 'two hundred' });

    expect(reply.statusCode).toBe(500);
    expect(JSON.parse(reply.body.toString())).toEqual({ message: 'Internal Server Error' });
  });
});
