# My reading lists, and one list.
lists-title = My reading lists
lists-none = You have no reading lists yet.
lists-row = { $count ->
    [one] { $count } title
   *[other] { $count } titles
}. { $access }. Kept by { $owner }.
lists-access-shared = Shared with other readers
lists-access-org = Shared with your organization
lists-access-private = Only you
lists-more = More lists
lists-next = Next page
lists-new-heading = Make a new list
lists-new-button = Make the list
lists-name = Name of the list
lists-name-missing = Enter a name for the list
lists-description = Description (optional)
lists-who = Who may see it
lists-who-me = Only me
lists-who-readers = Other readers
lists-who-org = My organization
list-done-created = Your list has been made. Find titles and add them from their pages.
list-done-changed = Your changes to this list have been saved.
list-done-removed = The title has been taken off this list.
list-titles-heading = Titles on this list
list-empty = No titles yet. { $find } and add them from their pages.
list-find = Find titles
list-order = Show in order of
list-order-title = Title, A to Z
list-order-author = Author, A to Z
list-order-added = Most recently added
list-show = Show
list-added = Added { $date }
list-remove = Remove
list-remove-which = { $title } from this list
list-more = More titles
list-change-heading = Change this list
list-save = Save changes
list-all = All my reading lists
