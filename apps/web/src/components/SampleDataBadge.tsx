import { Badge, Tooltip } from '@mantine/core';

/**
 * Marks figures that are not the association's own (issue 9): the portals keep the original's sample
 * content where our data model has nothing behind it, and say so plainly.
 */
export function SampleDataBadge() {
  return (
    <Tooltip label="Example figures, not your association's data" openDelay={300}>
      <Badge variant="outline" color="gray" size="sm" tabIndex={0}>
        Sample data
      </Badge>
    </Tooltip>
  );
}
