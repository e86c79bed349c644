//! Titles a sponsor assigns to a member.

crate::sort_order!(
    /// `sortOrder` of a member's assigned titles.
    AssignedSortOrder (default AssignedDate) {
        Title = "title",
        Author = "author",
        // The upstream's clients also send `assignedBy` and `dateDownloaded`.
        Assigner = "assigner" | "assignedBy",
        AssignedDate = "assignedDate",
        DownloadDate = "downloadDate" | "dateDownloaded",
    }
);
