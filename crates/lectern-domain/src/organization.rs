/// An organization (a school, a library service) whose sponsors act for its members.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Organization {
    pub organization_id: String,
    pub site_id: String,
    pub organization_name: String,
    pub organization_type: String,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub postal_code: Option<String>,
    pub country: String,
    pub phone_number: Option<String>,
    pub web_site: Option<String>,
    pub has_service_plus: bool,
    pub has_reading_companion: bool,
}
