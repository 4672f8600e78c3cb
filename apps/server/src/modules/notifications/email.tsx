/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas above keep this file's JSX working whichever tsconfig tsx finds (it looks from the working
// directory: a benchmark or script started elsewhere would otherwise compile it for the classic runtime).
import {
  Body,
  Button,
  Container,
  Head,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { render } from '@react-email/render';
import { rulesOf, type NotificationKind, type NotificationUrgency } from '@commonwise/contracts';

/**
 * The one e-mail layout every notification uses (React Email, decision 0036): greeting, the text, a
 * button to the page it is about, and why the person receives it — with a link to stop that kind
 * where they may. The plain-text part is rendered from the same tree.
 */

export type EmailContent = {
  kind: NotificationKind;
  urgency: NotificationUrgency;
  title: string;
  body: string;
  /** An absolute URL. */
  linkUrl: string | null;
  recipientName: string | null;
  unsubscribeUrl: string | null;
  site: { companyName: string; publicUrl: string };
};

const text = { fontSize: '15px', lineHeight: '22px', color: '#1f2933', margin: '0 0 12px' };
const small = { fontSize: '12px', lineHeight: '18px', color: '#52606d', margin: '0 0 6px' };

function NotificationEmail(content: EmailContent) {
  const paragraphs = content.body.split(/\n{2,}/).filter((paragraph) => paragraph.trim() !== '');
  return (
    <Html lang="en">
      <Head />
      <Preview>{content.title}</Preview>
      <Body style={{ backgroundColor: '#f5f7fa', fontFamily: 'Helvetica, Arial, sans-serif' }}>
        <Container style={{ backgroundColor: '#ffffff', padding: '24px', maxWidth: '560px' }}>
          {content.urgency === 'emergency' && (
            <Text style={{ ...text, color: '#b42318', fontWeight: 700 }}>Emergency</Text>
          )}
          <Text style={text}>{content.recipientName ? `Hello ${content.recipientName},` : 'Hello,'}</Text>
          {paragraphs.map((paragraph, index) => (
            <Text key={index} style={{ ...text, whiteSpace: 'pre-line' }}>
              {paragraph}
            </Text>
          ))}
          {content.linkUrl && (
            <Section style={{ margin: '8px 0 16px' }}>
              <Button
                href={content.linkUrl}
                style={{
                  backgroundColor: '#1c7ed6',
                  color: '#ffffff',
                  padding: '10px 16px',
                  borderRadius: '4px',
                }}
              >
                Open in {content.site.companyName}
              </Button>
            </Section>
          )}
          <Text style={text}>— {content.site.companyName}</Text>
          <Hr />
          <Text style={small}>
            You receive this e-mail for: {rulesOf(content.kind).label}.{' '}
            {content.unsubscribeUrl ? (
              <Link href={content.unsubscribeUrl}>Stop e-mails like this</Link>
            ) : (
              'It cannot be turned off.'
            )}
          </Text>
          <Text style={small}>{content.site.publicUrl}</Text>
        </Container>
      </Body>
    </Html>
  );
}

export async function renderEmail(
  content: EmailContent,
): Promise<{ subject: string; html: string; text: string }> {
  const element = <NotificationEmail {...content} />;
  const [html, plain] = await Promise.all([render(element), render(element, { plainText: true })]);
  const subject = content.urgency === 'emergency' ? `EMERGENCY: ${content.title}` : content.title;
  return { subject, html, text: plain };
}
