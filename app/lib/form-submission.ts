// Whether a form of this page is on its way to its action, the one check every form's button and fields use.
import { useNavigation } from "react-router";

/** The form being submitted, when its `intent` field is `intent` (one page with several forms tells them apart). */
export function useSubmittedForm(intent: string): FormData | undefined {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent
    ? navigation.formData
    : undefined;
}

/** True while a form of this page is being submitted; with `intent`, only the form of that intent. */
export function useIsSubmitting(intent?: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent);
}
