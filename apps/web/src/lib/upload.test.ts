import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadWithProgress } from './upload.ts';

/** A stand-in for the browser's XMLHttpRequest that answers as told. */
class FakeRequest {
  static answer: { status: number; body: string } = { status: 201, body: '{}' };
  static sent: { method: string; url: string; body: unknown }[] = [];
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  status = 0;
  responseText = '';
  withCredentials = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = '';
  private url = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    FakeRequest.sent.push({ method: this.method, url: this.url, body });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    this.status = FakeRequest.answer.status;
    this.responseText = FakeRequest.answer.body;
    queueMicrotask(() => this.onload?.());
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeRequest.sent = [];
});

describe('uploadWithProgress', () => {
  it('posts the form with the session, reports progress and answers the body', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    FakeRequest.answer = { status: 201, body: '{"id":"a1"}' };
    const progress: number[] = [];
    const form = new FormData();
    await expect(
      uploadWithProgress('/api/attachments', form, (value) => progress.push(value)),
    ).resolves.toEqual({
      id: 'a1',
    });
    expect(FakeRequest.sent).toEqual([{ method: 'POST', url: '/api/attachments', body: form }]);
    expect(progress).toEqual([0.5, 1]);
  });

  it("rejects with the server's error, and says a refused size plainly", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    FakeRequest.answer = {
      status: 415,
      body: '{"error":{"code":"UNSUPPORTED_FILE_TYPE","message":"\\"x.exe\\" cannot be attached."}}',
    };
    await expect(uploadWithProgress('/api/attachments', new FormData(), () => {})).rejects.toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_FILE_TYPE',
      message: '"x.exe" cannot be attached.',
    });
    FakeRequest.answer = { status: 413, body: '' };
    await expect(uploadWithProgress('/api/attachments', new FormData(), () => {})).rejects.toMatchObject({
      status: 413,
      message: 'The file is too large.',
    });
  });
});
