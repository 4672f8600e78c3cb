import type { WorkOrderTask } from '@commonwise/contracts';
import { Select, type SelectProps } from '@mantine/core';
import { assigneeTypeOptions } from '../labels.ts';

type AssigneeType = WorkOrderTask['assignedToType'];

interface AssigneeTypeSelectProps extends Omit<
  SelectProps,
  'label' | 'data' | 'value' | 'onChange' | 'allowDeselect'
> {
  value: AssigneeType;
  onChange: (type: AssigneeType) => void;
}

/** 'Assign to': whether a new task goes to a manager, the vendor or a resident. */
export function AssigneeTypeSelect({ value, onChange, ...props }: AssigneeTypeSelectProps) {
  return (
    <Select
      label="Assign to"
      data={assigneeTypeOptions}
      value={value}
      allowDeselect={false}
      onChange={(next) => {
        if (next) onChange(next as AssigneeType);
      }}
      {...props}
    />
  );
}
