import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { mainConversation, moreConversations, type Conversation } from '../content.ts';
import classes from './AssistantDemo.module.css';
import ui from './ui.module.css';

const senderLabel = { resident: 'Resident', assistant: 'AI Assistant' } as const;

function ConversationView({ conversation, headingId }: { conversation: Conversation; headingId: string }) {
  return (
    <article className={classes.conversation} aria-labelledby={headingId}>
      <h3 id={headingId} className={classes.conversationTitle}>
        {conversation.title}
      </h3>
      <ol className={classes.messages}>
        {conversation.messages.map((message, index) => (
          <li
            key={index}
            className={message.from === 'resident' ? classes.fromResident : classes.fromAssistant}
          >
            <span className={classes.sender}>{senderLabel[message.from]}</span>
            <p>{message.text}</p>
          </li>
        ))}
      </ol>
    </article>
  );
}

export function AssistantDemo() {
  const [isShowingMore, setIsShowingMore] = useState(false);
  return (
    <section id="assistant" className={`${ui.section} ${ui.sectionAlt}`} aria-labelledby="assistant-title">
      <div className={`${ui.container} ${classes.layout}`}>
        <div className={classes.intro}>
          <p className={ui.eyebrow}>AI Assistant</p>
          <h2 id="assistant-title" className={ui.title}>
            Answers from your own documents, any time of day
          </h2>
          <p className={ui.lead}>
            The assistant knows your CC&amp;Rs, bylaws, rules and each resident’s account. It resolves
            everyday requests on the spot, turns repairs into work orders, and hands anything complex, urgent
            or sensitive to a person on our team.
          </p>
          <button
            type="button"
            className={`${ui.secondary} ${classes.toggle}`}
            aria-expanded={isShowingMore}
            aria-controls="more-examples"
            onClick={() => setIsShowingMore((showing) => !showing)}
          >
            {isShowingMore ? 'Show Fewer Examples' : 'See More Examples'}
            <IconChevronDown size={18} aria-hidden className={classes.chevron} />
          </button>
        </div>
        <div className={classes.examples}>
          <ConversationView conversation={mainConversation} headingId="conversation-main" />
          <div id="more-examples" className={classes.more} hidden={!isShowingMore}>
            {moreConversations.map((conversation, index) => (
              <ConversationView
                key={conversation.title}
                conversation={conversation}
                headingId={`conversation-more-${index}`}
              />
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
