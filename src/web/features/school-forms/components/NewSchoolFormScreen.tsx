import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SchoolPanel } from '../../../components/school/SchoolPanel.js';
import { useI18n } from '../../../lib/i18n.js';
import { saveErrorLines } from '../../../lib/school/save-errors.js';
import { notify } from '../../../lib/toast.js';
import { useCreateSchoolForm } from '../api/school-forms.js';
import { FormEditor } from './FormEditor.js';
import { formLink } from './SchoolFormsScreen.js';

/** /school-forms?new: the principal writes a form and saves it as a draft, then sees its page. */
export function NewSchoolFormScreen() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const create = useCreateSchoolForm();
  const [errors, setErrors] = useState<string[]>([]);
  return (
    <SchoolPanel title={t('school-forms.new.heading')} lead={t('school-forms.new.lead')}>
      <FormEditor
        saving={create.isPending}
        serverErrors={errors}
        onSave={(input) =>
          create.mutate(input, {
            onSuccess: ({ data }) => {
              notify.success(t('school-forms.editor.saved'));
              navigate(formLink(data.id));
            },
            onError: (error) => setErrors(saveErrorLines(error)),
          })
        }
      />
    </SchoolPanel>
  );
}
