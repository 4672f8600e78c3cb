import type { ChatMessage } from '@commonwise/contracts';

/**
 * Message texts that would become markup if a list rendered them as HTML or markdown (issue 11): each
 * must be shown exactly as written, creating no element.
 */
export const hostileMessageTexts = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(document.cookie)</script>',
  '**bold** and _emphasis_ and `code`',
  '[click me](javascript:alert(1))',
  '<a href="javascript:alert(1)">link</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<svg onload=alert(1)><circle r=5></circle></svg>',
  '![pixel](https://evil.example/track.png)',
  '&lt;b&gt;entities&lt;/b&gt; &amp; <b>bold</b>',
];

/** Elements none of these texts may turn into. */
export const markupSelector = 'img, script, a, strong, em, b, code, iframe, circle, [onerror], [onload]';

export function hostileMessage(
  content: string,
  index: number,
  overrides: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    threadId: null,
    roomId: null,
    senderId: 'someone-else',
    senderName: null,
    role: 'user',
    content,
    processed: true,
    metadata: {},
    createdAt: new Date(Date.UTC(2025, 0, 5, 10, index)).toISOString(),
    ...overrides,
  };
}
