import { messageMaxLength } from '@commonwise/contracts';
import { ActionIcon, Group, Text, Textarea, Tooltip } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import classes from './MessageComposer.module.css';

interface MessageComposerProps {
  /** Sends the text; resolves true when it was sent (the box is then cleared), false to keep it. */
  onSend: (content: string) => Promise<boolean>;
  isSending: boolean;
  /** Shown under the box when the last send failed. */
  error?: string | null;
  placeholder?: string;
  /** Takes the focus when shown (default); off where the box is one part of a longer view. */
  isFocusedOnOpen?: boolean;
  /**
   * Files to send with the message: a button beside the box, the chosen files above it. A message may
   * then be files alone; it waits while they upload.
   */
  attach?: { button: ReactNode; tray: ReactNode; hasReady: boolean; isUploading: boolean };
}

/**
 * The box to write a message in (the AI Assistant, work rooms). SPEC §2 and §5: Enter sends,
 * Shift+Enter starts a new line, whitespace is never sent.
 */
export function MessageComposer({
  onSend,
  isSending,
  error,
  placeholder = 'Type your message...',
  isFocusedOnOpen = true,
  attach,
}: MessageComposerProps) {
  const [text, setText] = useState('');
  const errorId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const hasFiles = Boolean(attach?.hasReady);
  const canSend = !isSending && !attach?.isUploading && (text.trim().length > 0 || hasFiles);

  // An opened conversation is ready to type in; not on touch screens, where focus opens the keyboard.
  useEffect(() => {
    if (isFocusedOnOpen && window.matchMedia('(hover: hover) and (pointer: fine)').matches)
      inputRef.current?.focus();
  }, [isFocusedOnOpen]);

  // The box is disabled while sending, which takes the focus away: give it back afterwards.
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !isSending) inputRef.current?.focus();
    wasSending.current = isSending;
  }, [isSending]);

  const send = async () => {
    const content = text.trim();
    if (!canSend) return;
    if (await onSend(content)) setText('');
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method composes a word (Japanese, Chinese, …) confirms the word, not the message.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <form
      className={classes.composer}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {attach?.tray}
      <Group align="flex-end" gap="xs" p="sm" wrap="nowrap">
        {attach?.button}
        <Textarea
          ref={inputRef}
          aria-label="Message"
          placeholder={placeholder}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={handleKeyDown}
          disabled={isSending}
          autosize
          minRows={1}
          maxRows={6}
          maxLength={messageMaxLength}
          style={{ flex: 1 }}
          error={error ? true : undefined}
          aria-describedby={error ? errorId : hintId}
        />
        <Tooltip
          label={attach?.isUploading ? 'Waiting for the files to upload' : 'Send (Enter)'}
          openDelay={400}
        >
          <ActionIcon
            type="submit"
            size={36}
            aria-label="Send message"
            disabled={!canSend}
            loading={isSending}
          >
            <IconSend size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      {error ? (
        <Text id={errorId} c="red" size="xs" px="sm" pb="xs" role="alert">
          {error}
        </Text>
      ) : (
        <Text id={hintId} c="dimmed" size="xs" px="sm" pb="xs" visibleFrom="sm">
          Enter to send, Shift+Enter for a new line
        </Text>
      )}
    </form>
  );
}
