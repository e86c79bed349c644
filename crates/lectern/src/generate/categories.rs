//! The service's categories: what each covers, how large a share of the catalog it is, and the
//! BISAC codes its titles are filed under, so that a title's category and subject codes agree.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    Adult,
    Children,
    Teens,
    /// School textbooks: where NIMAC titles come from.
    School,
}

pub struct Category {
    pub name: &'static str,
    pub description: &'static str,
    /// Share of the catalog, in tenths of a percent (roughly).
    pub weight: u32,
    /// Code prefixes of the BISAC subjects its titles get.
    pub bisac: &'static [&'static str],
    pub audience: Audience,
    pub fiction: bool,
    /// How likely a title of it is to carry adult content, in tenths of a percent.
    pub adult_per_mille: u32,
}

const fn cat(
    name: &'static str,
    description: &'static str,
    weight: u32,
    bisac: &'static [&'static str],
    audience: Audience,
    fiction: bool,
    adult_per_mille: u32,
) -> Category {
    Category {
        name,
        description,
        weight,
        bisac,
        audience,
        fiction,
        adult_per_mille,
    }
}

use Audience::{Adult, Children, School, Teens};

// A table reads best one category a line.
#[rustfmt::skip]
pub const CATEGORIES: &[Category] = &[
    cat("Fiction", "Novels and short stories of every kind that fit no narrower shelf", 140,
        &["FIC000", "FIC019", "FIC029", "FIC043", "FIC044", "FIC045", "FIC051", "FIC061", "FIC004", "FIC041", "FIC003"], Adult, true, 40),
    cat("Mystery & Thriller", "Detectives, crimes, suspense and spies", 90,
        &["FIC022", "FIC030", "FIC031", "FIC050"], Adult, true, 45),
    cat("Romance", "Love stories, contemporary and historical", 70, &["FIC027"], Adult, true, 120),
    cat("Science Fiction", "Futures, space, other worlds and what science might make of us", 40,
        &["FIC028", "FIC055", "FIC040"], Adult, true, 30),
    cat("Fantasy", "Magic, myth and invented worlds", 40, &["FIC009", "FIC010", "FIC061"], Adult, true, 30),
    cat("Horror", "Ghosts, monsters and dread", 15, &["FIC015", "FIC012", "FIC024"], Adult, true, 110),
    cat("Historical Fiction", "Stories set in the past, from antiquity to the last century", 30,
        &["FIC014", "FIC032", "FIC047"], Adult, true, 30),
    cat("Westerns", "The frontier and the American West", 5, &["FIC033"], Adult, true, 30),
    cat("Humor", "Comic novels, satire and funny essays", 10, &["HUM", "FIC016", "FIC052", "FIC060"], Adult, true, 30),
    cat("Biographies & Memoirs", "Lives told by others and by those who lived them", 50, &["BIO"], Adult, false, 15),
    cat("History", "The past of peoples, places, wars and ideas", 50, &["HIS"], Adult, false, 10),
    cat("Science & Technology", "The natural sciences, engineering and how things work", 40, &["SCI", "TEC"], Adult, false, 0),
    cat("Computers & Internet", "Programming, networks, security and the digital world", 15, &["COM"], Adult, false, 0),
    cat("Mathematics", "From arithmetic to calculus and statistics", 10, &["MAT"], Adult, false, 0),
    cat("Business & Finance", "Management, money, careers and the economy", 30, &["BUS"], Adult, false, 0),
    cat("Health, Mind & Body", "Fitness, nutrition, medicine and well-being", 30, &["HEA", "MED", "BOD"], Adult, false, 10),
    cat("Psychology", "The mind, emotions and mental health", 15, &["PSY"], Adult, false, 10),
    cat("Self-Help", "Personal growth, motivation and managing life", 25, &["SEL"], Adult, false, 5),
    cat("Religion & Spirituality", "Faiths, scriptures and spiritual practice", 25, &["REL", "BIB"], Adult, false, 0),
    cat("Philosophy", "Ethics, logic, aesthetics and the great thinkers", 10, &["PHI"], Adult, false, 0),
    cat("Politics & Current Affairs", "Government, elections, rights and world affairs", 15, &["POL"], Adult, false, 5),
    cat("Social Sciences", "Society, culture, anthropology and sociology", 15, &["SOC"], Adult, false, 5),
    cat("Law", "Legal systems, rights and the courts", 5, &["LAW"], Adult, false, 0),
    cat("Education", "Teaching, learning and schools", 10, &["EDU"], Adult, false, 0),
    cat("Textbooks", "Books for the classroom, kindergarten to grade 12", 20,
        &["MAT", "SCI", "HIS", "LAN", "FOR", "STU", "JNF"], School, false, 0),
    cat("Language & Reference", "Dictionaries, grammars, atlases and foreign language study", 10,
        &["REF", "LAN", "FOR"], Adult, false, 0),
    cat("Art & Architecture", "Painting, sculpture, design, photography and buildings", 10,
        &["ART", "ARC", "DES", "PHO"], Adult, false, 5),
    cat("Music", "Printed music, scores and the history of music", 7, &["MUS"], Adult, false, 0),
    cat("Performing Arts", "Theater, film, television and plays", 5, &["PER", "DRA"], Adult, false, 10),
    cat("Poetry", "Poems and verse, single poets and anthologies", 10, &["POE", "LCO"], Adult, true, 10),
    cat("Literary Criticism", "Writing about books and writers", 5, &["LIT"], Adult, false, 0),
    cat("Cooking, Food & Wine", "Recipes, cuisines and the pleasures of the table", 15, &["CKB"], Adult, false, 0),
    cat("Home & Garden", "Houses, gardens, crafts and hobbies", 10, &["HOM", "GAR", "CRA"], Adult, false, 0),
    cat("Family & Parenting", "Raising children, relationships and family life", 10, &["FAM"], Adult, false, 5),
    cat("Sports & Recreation", "Games, athletes and the outdoors", 10, &["SPO", "GAM"], Adult, false, 0),
    cat("Travel", "Places, journeys and guidebooks", 10, &["TRV", "TRA"], Adult, false, 0),
    cat("Nature & Animals", "Wildlife, pets, plants and the environment", 10, &["NAT", "PET"], Adult, false, 0),
    cat("True Crime", "Real crimes, trials and investigations", 8, &["TRU"], Adult, false, 60),
    cat("Comics & Graphic Novels", "Stories told in pictures, manga included", 8, &["CGN"], Adult, true, 40),
    cat("Children's Books", "Picture books, early readers and middle-grade stories", 60, &["JUV", "JNF"], Children, true, 0),
    cat("Teens", "Young adult fiction and nonfiction", 40, &["YAF", "YAN"], Teens, true, 0),
    cat("Disability & Accessibility", "Living with disability, accessibility and sign language", 5,
        &["SOC029", "EDU026", "LAN017"], Adult, false, 0),
    cat("Antiques & Collectibles", "Collecting, valuing and caring for old things", 2, &["ANT"], Adult, false, 0),
];

/// For each category, the indices of the BISAC codes (in `codes`) that match its prefixes.
pub fn bisac_index(codes: &[(&str, &str)]) -> Vec<Vec<usize>> {
    CATEGORIES
        .iter()
        .map(|c| {
            codes
                .iter()
                .enumerate()
                .filter(|(_, (code, _))| c.bisac.iter().any(|p| code.starts_with(p)))
                .map(|(i, _)| i)
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn about_forty_categories_each_with_subjects() {
        assert!((38..=45).contains(&CATEGORIES.len()));
        let codes = super::super::bisac::codes();
        for (c, codes) in CATEGORIES.iter().zip(bisac_index(&codes)) {
            assert!(!codes.is_empty(), "{} has no BISAC code", c.name);
        }
        let names: std::collections::HashSet<_> = CATEGORIES.iter().map(|c| c.name).collect();
        assert_eq!(names.len(), CATEGORIES.len());
    }
}
