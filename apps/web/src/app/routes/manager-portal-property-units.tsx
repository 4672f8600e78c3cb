import { Tabs } from '@mantine/core';
import { IconHome, IconUsers } from '@tabler/icons-react';
import { useParams, useSearchParams } from 'react-router';
import { PropertySubpage } from '../../features/properties/index.ts';
import { PropertyPeople, PropertyUnits } from '../../features/units/components/PropertyUnitsSections.tsx';

/**
 * A managed property's units and people, for its managers (admins have them on the property page). The
 * server decides which properties the caller may see and change; two features meet here.
 */
export function Component() {
  const { id = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'people' ? 'people' : 'units';
  return (
    <PropertySubpage
      propertyId={id}
      back={{ to: '/manager-portal', label: 'Manager Portal' }}
      title="units & people"
    >
      {(property) => (
        <Tabs
          value={tab}
          onChange={(next) => setSearchParams(next === 'people' ? { tab: 'people' } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List mb="lg">
            <Tabs.Tab value="units" leftSection={<IconHome size={16} aria-hidden />}>
              Units
            </Tabs.Tab>
            <Tabs.Tab value="people" leftSection={<IconUsers size={16} aria-hidden />}>
              People
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="units">
            <PropertyUnits propertyId={property.id} />
          </Tabs.Panel>
          <Tabs.Panel value="people">
            <PropertyPeople propertyId={property.id} />
          </Tabs.Panel>
        </Tabs>
      )}
    </PropertySubpage>
  );
}
