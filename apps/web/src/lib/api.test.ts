import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/render.tsx';
import { getAllPages } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

type Page = { items: number[]; total: number; page: number; limit: number };

describe('getAllPages', () => {
  it('asks for the first page as the server sizes it, then the rest at the size it echoed', async () => {
    const all = Array.from({ length: 7 }, (_, index) => index + 1);
    const fetchMock = mockFetch((url) => {
      const params = new URL(url, 'http://localhost').searchParams;
      const page = Number(params.get('page') ?? 1);
      const limit = Number(params.get('limit') ?? 3);
      return jsonResponse(200, { items: all.slice((page - 1) * limit, page * limit), total: 7, page, limit });
    });
    expect(await getAllPages('/api/things?role=x', (body: Page) => body.items)).toEqual(all);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/things?role=x',
      '/api/things?role=x&page=2&limit=3',
      '/api/things?role=x&page=3&limit=3',
    ]);
  });

  it('stops at an empty page even if the total said more (rows deleted meanwhile)', async () => {
    const fetchMock = mockFetch((url) =>
      jsonResponse(
        200,
        url.includes('page=2')
          ? { items: [], total: 4, page: 2, limit: 2 }
          : { items: [1, 2], total: 4, page: 1, limit: 2 },
      ),
    );
    expect(await getAllPages('/api/things', (body: Page) => body.items)).toEqual([1, 2]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('fails as the request fails', async () => {
    mockFetch(() => jsonResponse(500, { error: { code: 'INTERNAL', message: 'Boom' } }));
    await expect(getAllPages('/api/things', (body: Page) => body.items)).rejects.toThrow('Boom');
  });
});
