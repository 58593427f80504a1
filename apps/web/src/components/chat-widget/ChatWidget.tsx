import { ActionIcon, Badge, Box, Group, Loader, Paper, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { IconMessageChatbot, IconMinus, IconSend, IconSettings, IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatList } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { useTimeFormat } from '../../lib/time.ts';
import { LazyMarkdown as ChatMarkdown } from '../markdown/LazyMarkdown.tsx';
import { DraftCard } from './DraftCard.tsx';
import { MessageDraftCard } from './MessageDraftCard.tsx';
import { QueryCaptions } from './QueryCaptions.tsx';
import { useClearOfActions } from './use-clear-of-actions.ts';
import { type UiMessage, useChat } from './use-chat.ts';
import './chat-widget.css';

function EngineLine({ m }: { m: UiMessage }) {
  const { t } = useTranslation();
  if (!m.engine) return null;
  const engine =
    m.engine === 'builtin' ? t('ai.engine.builtin') : m.model ? t('ai.engine.model', { model: m.model }) : t('ai.engine.modelUnknown');
  const tools = [...new Set(m.tools.filter((x) => x.ok).map((x) => t(`ai.tools.${x.name}`, { defaultValue: x.name })))];
  return (
    <Text size="xs" c="dimmed" data-testid="chat-engine" data-engine={m.engine}>
      {engine}
      {tools.length > 0 && ` · ${t('ai.chat.usedTools', { tools: formatList(tools) })}`}
    </Text>
  );
}

function Message({ m, onOpenDraft }: { m: UiMessage; onOpenDraft: () => void }) {
  const { t } = useTranslation();
  const time = useTimeFormat().time(m.timestamp);
  const mine = m.sender === 'user';
  return (
    <Box className={`chat-message chat-message--${m.sender}`} data-testid={`chat-message-${m.sender}`}>
      <Text size="xs" c="dimmed" className="chat-message__meta">
        {mine ? t('ai.chat.you') : t('ai.chat.bot')} · <time dateTime={m.timestamp}>{time}</time>
      </Text>
      <Paper className="chat-message__bubble" p="xs" radius="md" bg={mine ? 'blue.0' : 'gray.0'}>
        {mine ? (
          <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
            {m.text}
          </Text>
        ) : m.failure ? (
          <Stack gap={6} data-testid="chat-error">
            <ChatMarkdown text={m.failure.key ? t(m.failure.key) : m.failure.message} />
            {m.failure.offline && <ChatMarkdown text={t('ai.chat.errors.connection')} />}
          </Stack>
        ) : (
          m.text && <ChatMarkdown text={m.text} />
        )}
        {m.cards.length > 0 && (
          <Stack gap={6} mt={6}>
            {m.cards.map((c) => (
              <DraftCard key={`${c.kind}${c.id}`} card={c} onOpen={onOpenDraft} />
            ))}
          </Stack>
        )}
        {m.drafts.length > 0 && (
          <Stack gap={6} mt={6}>
            {m.drafts.map((d, i) => (
              <MessageDraftCard key={i} draft={d} onOpen={onOpenDraft} />
            ))}
          </Stack>
        )}
      </Paper>
      {!mine && !m.pending && <QueryCaptions queries={m.queries} />}
      {!mine && !m.pending && <EngineLine m={m} />}
    </Box>
  );
}

/**
 * The chat window of spec §2 on every page of the standard layout: a floating button on the inline
 * end (bottom-left in Arabic) that opens or minimises it; a header with the online/offline
 * indicator, minimise and clear; the welcome with the topics; the messages with streamed text and
 * times; a two-row box (Enter sends, Shift+Enter adds a line); send disabled while waiting or empty;
 * "AI is thinking...". Escape minimises and gives focus back to the button.
 */
export function ChatWidget() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const chat = useChat(open);
  const { permissions } = useSession();
  const titleId = useId();
  const panelId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const last = chat.messages.at(-1);
  const lift = useClearOfActions(opener);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  // keep the newest text in view while it streams (after every render that changed the list)
  const scrollKey = `${chat.messages.length}:${last?.text.length ?? 0}:${chat.waiting}`;
  useEffect(() => {
    const el = list.current;
    if (el && scrollKey) el.scrollTop = el.scrollHeight;
  }, [scrollKey]);

  // on a phone the window covers the page: opening a draft minimises it
  const onOpenDraft = () => {
    if (window.matchMedia('(max-width: 48em)').matches) setOpen(false);
  };
  const minimise = () => {
    setOpen(false);
    opener.current?.focus();
  };
  const submit = async () => {
    if (!draft.trim() || chat.waiting) return;
    const text = draft;
    setDraft('');
    await chat.send(text);
    input.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };
  const thinking = chat.waiting && (last?.sender !== 'bot' || !last.text);
  const status = chat.online === false ? 'offline' : chat.online ? 'online' : 'unknown';

  return (
    <>
      {open && (
        <Paper
          id={panelId}
          className="chat-window"
          shadow="xl"
          radius="md"
          withBorder
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          data-testid="chat-window"
          onKeyDown={(e) => {
            if (e.key === 'Escape') minimise();
          }}
        >
          <Group className="chat-window__header" justify="space-between" wrap="nowrap" px="sm" py={8}>
            <Group gap={8} wrap="nowrap">
              <IconMessageChatbot size={20} aria-hidden />
              <Text fw={600} id={titleId}>
                {t('ai.chat.title')}
              </Text>
              <Badge
                size="sm"
                variant="dot"
                color={status === 'online' ? 'green' : status === 'offline' ? 'red' : 'gray'}
                data-testid="chat-status"
                data-status={status}
                role="status"
              >
                {status === 'offline' ? t('ai.chat.offline') : t('ai.chat.online')}
              </Badge>
            </Group>
            <Group gap={4} wrap="nowrap">
              {can(permissions, 'user_management', 'view') && (
                <Tooltip label={t('ai.chat.settings')}>
                  <ActionIcon component={Link} to="/ai-settings" variant="subtle" color="gray" aria-label={t('ai.chat.settings')}>
                    <IconSettings size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
              <Tooltip label={t('ai.chat.clear')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => void chat.clear()}
                  aria-label={t('ai.chat.clear')}
                  data-testid="chat-clear"
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('ai.chat.minimize')}>
                <ActionIcon variant="subtle" color="gray" onClick={minimise} aria-label={t('ai.chat.minimize')} data-testid="chat-minimize">
                  <IconMinus size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
          <div
            className="chat-window__messages"
            ref={list}
            role="log"
            aria-live="polite"
            aria-label={t('ai.chat.messages')}
            data-testid="chat-messages"
          >
            <Paper p="xs" radius="md" bg="gray.0" className="chat-message chat-message--bot" data-testid="chat-welcome">
              <ChatMarkdown text={t('ai.chat.welcome')} />
            </Paper>
            {chat.messages
              .filter((m) => !(m.pending && !m.text && m.cards.length === 0 && m.drafts.length === 0))
              .map((m) => (
                <Message key={m.key} m={m} onOpenDraft={onOpenDraft} />
              ))}
            {thinking && (
              <Group gap={6} role="status" data-testid="chat-thinking" className="chat-message chat-message--bot">
                <Loader size="xs" type="dots" />
                <Text size="sm" c="dimmed">
                  {chat.tool
                    ? t('ai.chat.toolRunning', { name: t(`ai.tools.${chat.tool}`, { defaultValue: chat.tool }) })
                    : t('ai.chat.thinking')}
                </Text>
              </Group>
            )}
          </div>
          <form
            className="chat-window__composer"
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <Textarea
              ref={input}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              onKeyDown={onKeyDown}
              rows={2}
              autosize={false}
              placeholder={t('ai.chat.placeholder')}
              aria-label={t('ai.chat.inputLabel')}
              dir="auto"
              maxLength={4000}
              style={{ flex: 1 }}
              data-testid="chat-input"
            />
            <ActionIcon
              type="submit"
              size="lg"
              variant="filled"
              disabled={!draft.trim() || chat.waiting}
              aria-label={t('ai.chat.send')}
              data-testid="chat-send"
            >
              <IconSend size={18} className="chat-send-icon" />
            </ActionIcon>
          </form>
        </Paper>
      )}
      <Tooltip label={open ? t('ai.chat.minimize') : t('ai.chat.open')} position="top">
        <ActionIcon
          ref={opener}
          className="chat-fab"
          style={lift ? { transform: `translateY(-${lift}px)` } : undefined}
          radius="xl"
          size={56}
          variant="filled"
          onClick={() => (open ? minimise() : setOpen(true))}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-label={t('ai.chat.open')}
          data-testid="chat-toggle"
        >
          <IconMessageChatbot size={28} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}
