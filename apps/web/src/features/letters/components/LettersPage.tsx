import { Tabs } from '@mantine/core';
import { IconFileText, IconMail } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useSignedInUser } from '../../../lib/session.ts';
import { LettersSection } from './LettersSection.tsx';
import { TemplatesSection } from './TemplatesSection.tsx';

/**
 * A property's letters and templates. Managers (and admins) make, send and print them and edit
 * templates; a board member reads them and approves (the server decides, per membership).
 */
export function LettersPage({ propertyId }: { propertyId: string }) {
  const user = useSignedInUser();
  const canWrite = user.role === 'manager' || user.role === 'admin';
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'templates' ? 'templates' : 'letters';
  return (
    <Tabs
      value={tab}
      onChange={(next) =>
        setSearchParams(next === 'templates' ? { tab: 'templates' } : {}, { replace: true })
      }
      keepMounted={false}
    >
      <Tabs.List mb="lg">
        <Tabs.Tab value="letters" leftSection={<IconMail size={16} aria-hidden />}>
          Letters
        </Tabs.Tab>
        <Tabs.Tab value="templates" leftSection={<IconFileText size={16} aria-hidden />}>
          Templates
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="letters">
        <LettersSection propertyId={propertyId} canWrite={canWrite} />
      </Tabs.Panel>
      <Tabs.Panel value="templates">
        <TemplatesSection propertyId={propertyId} canWrite={canWrite} />
      </Tabs.Panel>
    </Tabs>
  );
}
